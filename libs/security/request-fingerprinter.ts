import { type KeyObject, createHmac, timingSafeEqual } from 'node:crypto';
import { DerivedKeyRing } from './derived-key-ring';
import { type SecretBoxOptions } from './secret-box';

/** A request body's fingerprint and the `ENCRYPTION_KEY` entry it was computed under. */
export interface RequestFingerprint {
  keyId: string;
  /** HMAC-SHA-256, hex. */
  digest: string;
}

// Derived from the ENCRYPTION_KEY entries, like the Temporal codec's keys: one setting to manage and
// rotate, yet a key never serves two purposes.
const KEY_INFO = 'pre-statement-service/idempotency-fingerprint/v1';

/**
 * Fingerprints of request bodies, stored to tell whether a retried `Idempotency-Key` carries the same
 * body. Bodies hold secrets (the syndic password) beside data stored in clear, so a plain hash could be
 * brute-forced offline from a database dump; a keyed HMAC cannot be without the server's key. Each
 * fingerprint names its key, so a body is compared under the key its stored fingerprint was made with.
 */
export class RequestFingerprinter {
  readonly #keys: DerivedKeyRing;

  constructor(options: SecretBoxOptions) {
    this.#keys = new DerivedKeyRing(options, KEY_INFO);
  }

  /** Under the active key. Object key order does not matter, at any depth. */
  fingerprint(value: unknown): RequestFingerprint {
    return {
      keyId: this.#keys.activeKeyId,
      digest: this.#digest(this.#keys.activeKeyId, canonicalJson(value)),
    };
  }

  /**
   * Whether `value` has the `stored` fingerprint, computed under the stored one's key; null when that
   * key is no longer configured, so the two cannot be compared.
   */
  matches(value: unknown, stored: RequestFingerprint): boolean | null {
    if (this.#keys.get(stored.keyId) === undefined) return null;
    const expected = Buffer.from(stored.digest, 'hex');
    const actual = Buffer.from(this.#digest(stored.keyId, canonicalJson(value)), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  #digest(keyId: string, canonical: string): string {
    return createHmac('sha256', this.#keys.get(keyId) as KeyObject)
      .update(canonical)
      .digest('hex');
  }
}

/** JSON with object keys sorted, so two serialisations of one value give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
