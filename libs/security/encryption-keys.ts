import {
  SECRET_BOX_KEY_BYTES,
  SECRET_BOX_KEY_ID_FORMAT,
  type SecretBoxKey,
  type SecretBoxOptions,
} from './secret-box';
import { SecurityConfigurationError } from './security.errors';

const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;

/**
 * Parses the `ENCRYPTION_KEY` setting into `SecretBox` options.
 *
 * Format: `id:key[,id:key…]`, where `id` is 1 to 32 letters, digits, `_` or `-`, and `key` is 32 bytes
 * in base64 (standard or url-safe; `openssl rand -base64 32` makes one). The FIRST entry is the active
 * key, used to seal; the others only open older values. Rotation: prepend a new key, reseal the stored
 * values, then drop the old one. Spaces around entries are ignored.
 *
 * Errors name the variable and the entry at fault, never the key material.
 */
export function parseEncryptionKeys(spec: string, variable = 'ENCRYPTION_KEY'): SecretBoxOptions {
  const invalid = (detail: string) => new SecurityConfigurationError(detail, variable);
  if (spec.trim() === '') throw invalid('is empty; expected id:base64key[,id:base64key…]');
  const keys: SecretBoxKey[] = [];
  for (const [index, rawEntry] of spec.split(',').entries()) {
    const entry = rawEntry.trim();
    if (entry === '') throw invalid(`entry ${index + 1} is empty (stray ',')`);
    const colon = entry.indexOf(':');
    if (colon < 0) throw invalid(`entry ${index + 1} has no ':'; expected id:base64key`);
    const id = entry.slice(0, colon).trim();
    const encoded = entry.slice(colon + 1).trim();
    if (!SECRET_BOX_KEY_ID_FORMAT.test(id)) {
      throw invalid(`entry ${index + 1} has an invalid key id; use 1 to 32 letters, digits, '_' or '-'`);
    }
    if (keys.some((key) => key.id === id)) throw invalid(`entry ${index + 1} repeats key id '${id}'`);
    if (!BASE64.test(encoded)) throw invalid(`key '${id}' is not base64`);
    const key = Buffer.from(encoded, /[-_]/.test(encoded) ? 'base64url' : 'base64');
    if (key.length !== SECRET_BOX_KEY_BYTES) {
      throw invalid(
        `key '${id}' decodes to ${key.length} bytes, expected ${SECRET_BOX_KEY_BYTES} (openssl rand -base64 32)`,
      );
    }
    keys.push({ id, key });
  }
  return { keys, activeKeyId: (keys[0] as SecretBoxKey).id };
}
