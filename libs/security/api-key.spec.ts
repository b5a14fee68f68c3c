import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { API_KEY_PREFIX, apiKeyMatchesHash, generateApiKey, hashApiKey, parseApiKeyId } from './api-key';

describe('API keys', () => {
  it('are psk_live_<12 hex id>_<256-bit base64url secret>, carrying their id', () => {
    const { id, key } = generateApiKey();
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(key).toMatch(/^psk_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`${API_KEY_PREFIX}${id}_`)).toBe(true);
    expect(Buffer.from(key.slice(-43), 'base64url')).toHaveLength(32);
  });

  it('are stored as the SHA-256 hex of the whole key', () => {
    const { key, hash } = generateApiKey();
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toBe(hash);
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('are unique', () => {
    const issued = Array.from({ length: 1000 }, () => generateApiKey());
    expect(new Set(issued.map((k) => k.key)).size).toBe(1000);
    expect(new Set(issued.map((k) => k.id)).size).toBe(1000);
  });

  it('yield their id when well-formed, and null otherwise', () => {
    const { id, key } = generateApiKey();
    expect(parseApiKeyId(key)).toBe(id);
    for (const presented of [
      '',
      'psk_live_',
      key.slice(0, -1),
      `${key}A`,
      key.replace('psk_live_', 'psk_test_'),
      ` ${key}`,
    ]) {
      expect(parseApiKeyId(presented)).toBeNull();
    }
  });

  it('match only their own stored hash', () => {
    const { key, hash } = generateApiKey();
    const other = generateApiKey();
    expect(apiKeyMatchesHash(key, hash)).toBe(true);
    expect(apiKeyMatchesHash(other.key, hash)).toBe(false);
    expect(apiKeyMatchesHash(key, '')).toBe(false);
    expect(apiKeyMatchesHash(key, hash.slice(0, 62))).toBe(false);
    expect(apiKeyMatchesHash(key, 'not hex at all')).toBe(false);
  });

  it('never throw when checking arbitrary input', () => {
    const { hash } = generateApiKey();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (presented, stored) => {
        expect(apiKeyMatchesHash(presented, hash)).toBe(false);
        expect(typeof apiKeyMatchesHash(presented, stored)).toBe('boolean');
        expect(parseApiKeyId(presented)).toBeNull();
      }),
    );
  });
});
