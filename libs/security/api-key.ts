import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `psk_live_<id>_<secret>`:
 * - `id`: 12 hex characters, not secret. It names the key in listings, logs, the CLI (`account key
 *   revoke <id>`) and the access token's `key` claim, without ever exposing the key itself.
 * - `secret`: 32 random bytes in base64url (256 bits).
 * The key is shown once at issue; only its SHA-256 is stored.
 *
 * Why a plain SHA-256 and not argon2 as for passwords: a slow hash only helps against guessing
 * low-entropy inputs. Nobody can enumerate 2^256 secrets, so a fast hash is as safe here, and being
 * deterministic it lets the database find the key by an indexed equality on the hash, one query per
 * request, instead of scanning and verifying candidates. Timing of that indexed lookup leaks nothing
 * useful: an attacker cannot choose inputs whose SHA-256 shares a prefix with a stored one.
 */
export const API_KEY_PREFIX = 'psk_live_';

const API_KEY_FORMAT = /^psk_live_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface IssuedApiKey {
  /** Non-secret identifier, also embedded in the key. */
  id: string;
  /** The full key, to show to the client once and never store. */
  key: string;
  /** What to store: SHA-256 hex of `key`. */
  hash: string;
}

export function generateApiKey(): IssuedApiKey {
  const id = randomBytes(6).toString('hex');
  const key = `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
  return { id, key, hash: hashApiKey(key) };
}

/** SHA-256 hex of a presented key: the value to look the stored key up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The key id when `presented` has the shape of one of our keys, else null. Lets the API answer
 * "invalid key" to garbage without a database round trip; it proves nothing about validity.
 */
export function parseApiKeyId(presented: string): string | null {
  return API_KEY_FORMAT.exec(presented)?.[1] ?? null;
}

/** Constant-time check of a presented key against a stored hash, for callers that load the row by id. */
export function apiKeyMatchesHash(presented: string, storedHash: string): boolean {
  const actual = Buffer.from(hashApiKey(presented), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  // Both are 32 bytes unless the stored value is corrupt; timingSafeEqual throws on unequal lengths.
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
