import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { SecretBox } from './secret-box';
import {
  SecurityConfigurationError,
  UnreadableSecretError,
  type UnreadableSecretReason,
} from './security.errors';

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const oldBox = () => new SecretBox({ keys: [{ id: 'k1', key: OLD_KEY }], activeKeyId: 'k1' });
const rotatedBox = () =>
  new SecretBox({
    keys: [
      { id: 'k2', key: NEW_KEY },
      { id: 'k1', key: OLD_KEY },
    ],
    activeKeyId: 'k2',
  });

function reasonOf(action: () => unknown): UnreadableSecretReason | 'no error' {
  try {
    action();
    return 'no error';
  } catch (error) {
    if (error instanceof UnreadableSecretError) return error.reason;
    throw error;
  }
}

/** Replaces segment `index` of a sealed value. */
function withSegment(sealed: string, index: number, replace: (segment: string) => string): string {
  const parts = sealed.split('.');
  parts[index] = replace(parts[index] as string);
  return parts.join('.');
}

/** Flips one bit of the bytes a base64url segment encodes. */
function flipBit(segment: string): string {
  const bytes = Buffer.from(segment, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 1;
  return bytes.toString('base64url');
}

describe('SecretBox', () => {
  it('opens what it sealed', () => {
    const box = oldBox();
    for (const plaintext of ['hunter2', '', 'mot de passe à accents €', '🔑'.repeat(100)]) {
      expect(box.open(box.seal(plaintext))).toBe(plaintext);
    }
  });

  it('writes a self-describing v1.<keyId>.<iv>.<ciphertext>.<tag> string', () => {
    const sealed = oldBox().seal('hunter2');
    expect(sealed).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain('hunter2');
    expect(sealed).not.toContain(Buffer.from('hunter2').toString('base64url'));
  });

  it('uses a fresh IV each time, so equal secrets do not look equal', () => {
    const box = oldBox();
    expect(box.seal('hunter2')).not.toBe(box.seal('hunter2'));
  });

  it.each([
    ['IV', 2],
    ['ciphertext', 3],
    ['tag', 4],
  ])('detects a tampered %s', (_name, index) => {
    const sealed = oldBox().seal('hunter2');
    expect(reasonOf(() => oldBox().open(withSegment(sealed, index, flipBit)))).toBe('tampered');
  });

  it('detects a truncated ciphertext', () => {
    const sealed = oldBox().seal('hunter2');
    const truncated = withSegment(sealed, 3, (segment) =>
      Buffer.from(segment, 'base64url').subarray(1).toString('base64url'),
    );
    expect(reasonOf(() => oldBox().open(truncated))).toBe('tampered');
  });

  it('refuses a truncated tag instead of checking fewer bits', () => {
    const sealed = oldBox().seal('hunter2');
    const shortTag = withSegment(sealed, 4, (segment) =>
      Buffer.from(segment, 'base64url').subarray(0, 12).toString('base64url'),
    );
    expect(reasonOf(() => oldBox().open(shortTag))).toBe('malformed');
  });

  it('binds the value to its associated data', () => {
    const box = oldBox();
    const sealed = box.seal('hunter2', 'order:ABC123');
    expect(box.open(sealed, 'order:ABC123')).toBe('hunter2');
    expect(reasonOf(() => box.open(sealed, 'order:XYZ789'))).toBe('tampered');
    expect(reasonOf(() => box.open(sealed))).toBe('tampered');
  });

  it('binds the value to the key id in its header', () => {
    const relabelled = new SecretBox({
      keys: [
        { id: 'k1', key: OLD_KEY },
        { id: 'k9', key: OLD_KEY },
      ],
      activeKeyId: 'k1',
    });
    const sealed = relabelled.seal('hunter2');
    expect(reasonOf(() => relabelled.open(withSegment(sealed, 1, () => 'k9')))).toBe('tampered');
  });

  it('names the missing key when a value was sealed under a key it does not have', () => {
    const sealed = rotatedBox().seal('hunter2');
    let error: unknown;
    try {
      oldBox().open(sealed);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnreadableSecretError);
    expect(error).toMatchObject({ code: 'unreadable_secret', reason: 'unknown_key', keyId: 'k2' });
  });

  it.each([
    ['an empty string', ''],
    ['a plain password', 'hunter2'],
    ['a missing segment', 'v1.k1.AAAAAAAAAAAAAAAA.AAAA'],
    ['an extra segment', `${oldBox().seal('x')}.AAAA`],
    ['an invalid key id', 'v1.k 1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['a short IV', 'v1.k1.AAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['non-base64url data', 'v1.k1.AAAAAAAAAAAAAAAA.AA+A.AAAAAAAAAAAAAAAAAAAAAA'],
  ])('reports %s as malformed', (_name, sealed) => {
    expect(reasonOf(() => oldBox().open(sealed))).toBe('malformed');
  });

  it('reports a future format version as unsupported', () => {
    const sealed = withSegment(oldBox().seal('x'), 0, () => 'v2');
    expect(reasonOf(() => oldBox().open(sealed))).toBe('unsupported_version');
  });

  describe('key rotation', () => {
    it('seals under the active key', () => {
      expect(rotatedBox().seal('hunter2')).toMatch(/^v1\.k2\./);
    });

    it('opens values sealed under an older listed key and says they need rotation', () => {
      const old = oldBox().seal('hunter2', 'order:ABC123');
      const box = rotatedBox();
      expect(box.open(old, 'order:ABC123')).toBe('hunter2');
      expect(box.needsRotation(old)).toBe(true);
      expect(box.needsRotation(box.seal('hunter2'))).toBe(false);
    });

    it('reseals old values under the active key and leaves current ones alone', () => {
      const box = rotatedBox();
      const resealed = box.reseal(oldBox().seal('hunter2', 'order:ABC123'), 'order:ABC123');
      expect(box.needsRotation(resealed)).toBe(false);
      expect(box.open(resealed, 'order:ABC123')).toBe('hunter2');
      expect(box.reseal(resealed, 'order:ABC123')).toBe(resealed);
    });

    it('throws the typed error when asked about a malformed value', () => {
      expect(reasonOf(() => rotatedBox().needsRotation('hunter2'))).toBe('malformed');
    });
  });

  describe('configuration', () => {
    it.each([
      ['a 16-byte key', { keys: [{ id: 'k1', key: randomBytes(16) }], activeKeyId: 'k1' }],
      ['a key id with a dot', { keys: [{ id: 'k.1', key: OLD_KEY }], activeKeyId: 'k.1' }],
      ['an active key that is not listed', { keys: [{ id: 'k1', key: OLD_KEY }], activeKeyId: 'k2' }],
      [
        'duplicate key ids',
        {
          keys: [
            { id: 'k1', key: OLD_KEY },
            { id: 'k1', key: NEW_KEY },
          ],
          activeKeyId: 'k1',
        },
      ],
    ])('refuses %s', (_name, options) => {
      expect(() => new SecretBox(options)).toThrow(SecurityConfigurationError);
    });

    it('does not reveal key bytes when inspected or serialised', () => {
      const box = oldBox();
      const printed = `${JSON.stringify(box)} ${inspect(box, { depth: 10, showHidden: true })}`;
      expect(printed).not.toContain(OLD_KEY.toString('hex'));
      expect(printed).not.toContain(OLD_KEY.toString('base64'));
      expect(printed).not.toContain(inspect(OLD_KEY).slice(8, 40));
    });
  });

  describe('properties', () => {
    const box = rotatedBox();

    it('round-trips any text and associated data', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (plaintext, aad) => {
          expect(box.open(box.seal(plaintext, aad), aad)).toBe(plaintext);
        }),
      );
    });

    it('throws nothing but UnreadableSecretError for arbitrary strings', () => {
      const segment = fc.string({ unit: fc.constantFrom(...'Av1k2_-=+/é'.split('')), maxLength: 40 });
      const candidates = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc
          .tuple(
            fc.constantFrom('v1', 'v2', ''),
            fc.constantFrom('k1', 'k2', 'k3'),
            segment,
            segment,
            segment,
          )
          .map((parts) => parts.join('.')),
      );
      fc.assert(
        fc.property(candidates, (sealed) => {
          for (const action of [() => box.open(sealed), () => box.needsRotation(sealed)]) {
            try {
              action();
            } catch (error) {
              expect(error).toBeInstanceOf(UnreadableSecretError);
            }
          }
        }),
        { numRuns: 3000 },
      );
    });

    it('refuses every single-character change of a sealed value', () => {
      const sealed = box.seal('hunter2');
      const alphabet = fc.constantFrom(
        ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'.split(''),
      );
      fc.assert(
        fc.property(fc.nat({ max: sealed.length - 1 }), alphabet, (index, character) => {
          const mutated = `${sealed.slice(0, index)}${character}${sealed.slice(index + 1)}`;
          fc.pre(mutated !== sealed);
          expect(reasonOf(() => box.open(mutated))).not.toBe('no error');
        }),
        { numRuns: 2000 },
      );
    });
  });
});
