import { requestFingerprint } from '../../../../libs/orders/request-fingerprint';

describe('requestFingerprint', () => {
  it('is the SHA-256 hex of the value', () => {
    expect(requestFingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
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
    expect(requestFingerprint(a)).toBe(requestFingerprint(b));
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
    expect(requestFingerprint(left)).not.toBe(requestFingerprint(right));
  });

  it('is stable across calls', () => {
    const body = { test_mode: true, external_id: 42, owners: [{ firstname: 'É', lastname: '😀' }] };
    expect(requestFingerprint(body)).toBe(requestFingerprint(JSON.parse(JSON.stringify(body))));
  });
});
