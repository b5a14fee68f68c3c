import { createHash, randomBytes } from 'node:crypto';
import { RequestFingerprinter } from './request-fingerprinter';

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const before = () => new RequestFingerprinter({ keys: [{ id: 'k1', key: OLD_KEY }], activeKeyId: 'k1' });
const rotated = () =>
  new RequestFingerprinter({
    keys: [
      { id: 'k2', key: NEW_KEY },
      { id: 'k1', key: OLD_KEY },
    ],
    activeKeyId: 'k2',
  });
const retired = () => new RequestFingerprinter({ keys: [{ id: 'k2', key: NEW_KEY }], activeKeyId: 'k2' });

const body = {
  address: '12 rue des Lilas',
  owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
  syndic: { name: 'Foncia', username: 'marie.dupont', password: 'hunter2' },
};

describe('RequestFingerprinter', () => {
  it('is an HMAC under a key of the ring, not a hash anyone can recompute from the body', () => {
    const fingerprint = before().fingerprint(body);
    expect(fingerprint.keyId).toBe('k1');
    expect(fingerprint.digest).toMatch(/^[0-9a-f]{64}$/);
    const canonical = JSON.stringify({
      address: body.address,
      owners: body.owners,
      syndic: { name: 'Foncia', password: 'hunter2', username: 'marie.dupont' },
    });
    // What a dump reader could test guesses against without the key.
    expect(fingerprint.digest).not.toBe(createHash('sha256').update(canonical).digest('hex'));
    expect(fingerprint.digest).not.toBe(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    // Another key gives another fingerprint of the same body.
    expect(retired().fingerprint(body).digest).not.toBe(fingerprint.digest);
  });

  it('does not depend on the order of keys, at any depth', () => {
    const a = {
      address: 'x',
      owners: [{ firstname: 'M', lastname: 'D' }],
      invoice: { city: 'Lyon', zipcode: '69002' },
    };
    const b = {
      invoice: { zipcode: '69002', city: 'Lyon' },
      owners: [{ lastname: 'D', firstname: 'M' }],
      address: 'x',
    };
    expect(before().fingerprint(a)).toEqual(before().fingerprint(b));
    expect(before().matches(b, before().fingerprint(a))).toBe(true);
  });

  it.each([
    [{ a: 1 }, { a: 2 }],
    [{ a: 1 }, { a: '1' }],
    [{ a: null }, { a: false }],
    [{ a: null }, {}],
    [{ a: [1, 2] }, { a: [2, 1] }],
    [{ a: { b: 1 } }, { a: { b: 1, c: 1 } }],
    [{ 'a,b': 1 }, { a: 1, b: 1 }],
    [{ a: 'x", "b": "y' }, { a: 'x', b: 'y' }],
    [{ owners: [{ firstname: 'M' }] }, { owners: [{ firstname: 'N' }] }],
  ])('tells %j from %j', (left, right) => {
    const fingerprinter = before();
    expect(fingerprinter.fingerprint(left).digest).not.toBe(fingerprinter.fingerprint(right).digest);
    expect(fingerprinter.matches(right, fingerprinter.fingerprint(left))).toBe(false);
  });

  it('is stable across calls and JSON round trips', () => {
    const value = { test_mode: true, external_id: 42, owners: [{ firstname: 'É', lastname: '😀' }] };
    expect(before().fingerprint(value)).toEqual(before().fingerprint(JSON.parse(JSON.stringify(value))));
  });

  it('compares under the key a stored fingerprint names, while that key is in the ring', () => {
    const stored = before().fingerprint(body);
    expect(rotated().fingerprint(body).keyId).toBe('k2');
    expect(rotated().matches(body, stored)).toBe(true);
    expect(rotated().matches({ ...body, address: '13 rue des Lilas' }, stored)).toBe(false);
    // Once the key has left the ring the fingerprint cannot be compared any more.
    expect(retired().matches(body, stored)).toBeNull();
  });

  it('treats a stored digest of the wrong shape as different, never as equal', () => {
    expect(before().matches(body, { keyId: 'k1', digest: 'abc' })).toBe(false);
  });
});
