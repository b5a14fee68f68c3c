import { type KeyObject, createSecretKey, hkdfSync } from 'node:crypto';
import { type SecretBoxOptions } from './secret-box';

/**
 * The `ENCRYPTION_KEY` entries turned into keys of one purpose: each derived by HKDF-SHA-256 under the
 * purpose's own label, so no two uses of the ring ever share key material. Keyed by the entries' ids;
 * the first entry's is active.
 */
export class DerivedKeyRing {
  readonly activeKeyId: string;
  readonly #keys: ReadonlyMap<string, KeyObject>;

  constructor(options: SecretBoxOptions, purposeLabel: string) {
    const keys = new Map<string, KeyObject>();
    for (const { id, key } of options.keys) {
      keys.set(id, createSecretKey(Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purposeLabel, 32))));
    }
    if (!keys.has(options.activeKeyId)) throw new Error(`active key '${options.activeKeyId}' is not listed`);
    this.#keys = keys;
    this.activeKeyId = options.activeKeyId;
  }

  /** The derived key of entry `id`, or undefined when that entry is no longer configured. */
  get(id: string): KeyObject | undefined {
    return this.#keys.get(id);
  }

  get active(): KeyObject {
    return this.#keys.get(this.activeKeyId) as KeyObject;
  }
}
