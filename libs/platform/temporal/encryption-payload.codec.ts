import { DerivedKeyRing } from '@libs/security/derived-key-ring';
import { type KeyObject, createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { METADATA_ENCODING_KEY, type Payload, type PayloadCodec, ValueError } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { type SecretBoxOptions } from '@libs/security/secret-box';

/** Payload metadata of an encrypted payload; the key id is in clear so keys can rotate. */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const ENCRYPTION_KEY_ID_METADATA = 'encryption-key-id';

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// Codec keys are derived from the ENCRYPTION_KEY entries rather than used as they are: one setting to
// manage and rotate, yet a key never serves two purposes (database secrets and Temporal payloads).
const KEY_INFO = 'pre-statement-service/temporal-payload-codec/v1';

/**
 * Encrypts every payload the service sends to Temporal (workflow and activity inputs and results,
 * signals, updates, queries) with AES-256-GCM. The whole payload, metadata included, is serialised
 * and encrypted, so even its original encoding is hidden; the envelope names the key that opened it.
 *
 * Used by the API's client, the worker (`dataConverter.payloadCodecs`), the codec endpoints the
 * Temporal UI calls, and the replay test. Payloads that are not ours pass through `decode` unchanged
 * (histories recorded before encryption, other namespaces seen through the UI).
 */
export class EncryptionPayloadCodec implements PayloadCodec {
  readonly #keys: DerivedKeyRing;

  constructor(options: SecretBoxOptions) {
    this.#keys = new DerivedKeyRing(options, KEY_INFO);
  }

  /** From the `ENCRYPTION_KEY` setting (`id:base64[,id:base64…]`, the first one active). */
  static fromEncryptionKeys(spec: string): EncryptionPayloadCodec {
    return new EncryptionPayloadCodec(parseEncryptionKeys(spec));
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.#encrypt(payload));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => this.#decrypt(payload));
  }

  #encrypt(payload: Payload): Payload {
    const keyId = this.#keys.activeKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.#keys.get(keyId) as KeyObject, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(associatedData(keyId));
    const plaintext = temporal.api.common.v1.Payload.encode(payload).finish();
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return {
      metadata: {
        [METADATA_ENCODING_KEY]: Buffer.from(ENCRYPTED_ENCODING),
        [ENCRYPTION_KEY_ID_METADATA]: Buffer.from(keyId),
      },
      data: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]),
    };
  }

  #decrypt(payload: Payload): Payload {
    const encoding = payload.metadata?.[METADATA_ENCODING_KEY];
    if (!encoding || Buffer.from(encoding).toString() !== ENCRYPTED_ENCODING) return payload;
    const keyIdBytes = payload.metadata?.[ENCRYPTION_KEY_ID_METADATA];
    if (!keyIdBytes) throw new ValueError('Encrypted payload without encryption key id');
    const keyId = Buffer.from(keyIdBytes).toString();
    const key = this.#keys.get(keyId);
    if (!key) throw new ValueError(`Encrypted payload under unknown key '${keyId.slice(0, 32)}'`);
    const data = Buffer.from(payload.data ?? new Uint8Array());
    if (data.length < IV_BYTES + TAG_BYTES) throw new ValueError('Encrypted payload is truncated');
    const decipher = createDecipheriv(CIPHER, key, data.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(keyId));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    let plaintext: Buffer;
    try {
      plaintext = Buffer.concat([
        decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new ValueError(`Encrypted payload cannot be opened with key '${keyId}' (tampered)`);
    }
    return temporal.api.common.v1.Payload.decode(plaintext);
  }
}

function associatedData(keyId: string): Buffer {
  return Buffer.from(`${ENCRYPTED_ENCODING};${keyId}`, 'utf8');
}
