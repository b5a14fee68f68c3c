import { type KeyObject, createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { decodeBase64UrlStrict } from './strict-base64url';
import { SecurityConfigurationError, UnreadableSecretError } from './security.errors';

export interface SecretBoxKey {
  /** Written in clear in every sealed value; letters, digits, `_` and `-`. */
  id: string;
  /** 32 bytes (AES-256). */
  key: Buffer;
}

export interface SecretBoxOptions {
  /** Every key still able to open stored values; retire one only once nothing is sealed under it. */
  keys: readonly SecretBoxKey[];
  /** The key new values are sealed with. */
  activeKeyId: string;
}

export const SECRET_BOX_KEY_ID_FORMAT = /^[A-Za-z0-9_-]{1,32}$/;
export const SECRET_BOX_KEY_BYTES = 32;

const VERSION = 'v1';
const CIPHER = 'aes-256-gcm';
// 96-bit IVs are GCM's native size. NIST allows 2^32 random IVs per key, far beyond what one key seals here.
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface SealedParts {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

/**
 * Authenticated encryption of third-party credentials (syndic passwords) at rest and in Temporal
 * payloads. A sealed value is `v1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url segments), so it names
 * the key that opens it and keys can rotate without a flag day.
 *
 * The header `v1.<keyId>.` is authenticated together with the caller's `aad`. Pass as `aad` what the
 * value belongs to (e.g. the order id): a ciphertext copied onto another row then fails to open.
 */
export class SecretBox {
  readonly #keys: ReadonlyMap<string, KeyObject>;
  readonly #activeKeyId: string;

  constructor(options: SecretBoxOptions) {
    const keys = new Map<string, KeyObject>();
    for (const { id, key } of options.keys) {
      if (!SECRET_BOX_KEY_ID_FORMAT.test(id))
        throw new SecurityConfigurationError(`invalid encryption key id '${id}'`);
      if (keys.has(id)) throw new SecurityConfigurationError(`duplicate encryption key id '${id}'`);
      if (key.length !== SECRET_BOX_KEY_BYTES) {
        throw new SecurityConfigurationError(
          `encryption key '${id}' is ${key.length} bytes, expected ${SECRET_BOX_KEY_BYTES}`,
        );
      }
      // A KeyObject copies the bytes and does not print them if the box is ever logged.
      keys.set(id, createSecretKey(key));
    }
    if (!keys.has(options.activeKeyId)) {
      throw new SecurityConfigurationError(
        `active encryption key '${options.activeKeyId}' is not among the keys`,
      );
    }
    this.#keys = keys;
    this.#activeKeyId = options.activeKeyId;
  }

  seal(plaintext: string, aad = ''): string {
    const keyId = this.#activeKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.#keys.get(keyId) as KeyObject, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(associatedData(keyId, aad));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, keyId, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; throws `UnreadableSecretError` (and nothing else) when it cannot be recovered. */
  open(sealed: string, aad = ''): string {
    const { keyId, iv, ciphertext, tag } = parse(sealed);
    const key = this.#keys.get(keyId);
    if (key === undefined) throw new UnreadableSecretError('unknown_key', keyId);
    const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(keyId, aad));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new UnreadableSecretError('tampered', keyId);
    }
  }

  /** True when the value is not sealed under the active key and should be resealed. */
  needsRotation(sealed: string): boolean {
    return parse(sealed).keyId !== this.#activeKeyId;
  }

  /** The value sealed under the active key: unchanged when it already is, else opened and sealed again. */
  reseal(sealed: string, aad = ''): string {
    return this.needsRotation(sealed) ? this.seal(this.open(sealed, aad), aad) : sealed;
  }
}

function associatedData(keyId: string, aad: string): Buffer {
  // The key id cannot contain '.', so header and caller data cannot be confused for one another.
  return Buffer.from(`${VERSION}.${keyId}.${aad}`, 'utf8');
}

function parse(sealed: string): SealedParts {
  if (typeof sealed !== 'string') throw new UnreadableSecretError('malformed');
  const parts = sealed.split('.');
  if (parts[0] !== VERSION) {
    throw new UnreadableSecretError(/^v\d+$/.test(parts[0] ?? '') ? 'unsupported_version' : 'malformed');
  }
  if (parts.length !== 5) throw new UnreadableSecretError('malformed');
  const [, keyId, encodedIv, encodedCiphertext, encodedTag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!SECRET_BOX_KEY_ID_FORMAT.test(keyId)) throw new UnreadableSecretError('malformed');
  const iv = decodeBase64UrlStrict(encodedIv);
  const ciphertext = decodeBase64UrlStrict(encodedCiphertext);
  const tag = decodeBase64UrlStrict(encodedTag);
  if (iv?.length !== IV_BYTES || ciphertext === null || tag?.length !== TAG_BYTES) {
    throw new UnreadableSecretError('malformed', keyId);
  }
  return { keyId, iv, ciphertext, tag };
}
