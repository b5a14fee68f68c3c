import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import { MalformedPasswordHashError } from './security.errors';

export interface PasswordHasherOptions {
  /** Memory per hash in KiB. */
  memoryCost?: number;
  /** Passes over the memory. */
  timeCost?: number;
  /** Lanes; also changes the resulting hash. */
  parallelism?: number;
}

// OWASP Password Storage Cheat Sheet baseline for argon2id (19 MiB, 2 passes, 1 lane): about 15 ms per
// hash here, slow enough to make offline guessing expensive, cheap enough that logins do not queue.
export const DEFAULT_PASSWORD_HASH_OPTIONS: Required<PasswordHasherOptions> = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// `Algorithm` is a const enum in the typings and an empty object at runtime, so swc cannot inline
// `Algorithm.Argon2id`; the numeric value is the binding's documented one.
const ARGON2ID: Algorithm = 2;

/** Salted argon2id password hashing, with a decoy verification for unknown accounts. */
export class PasswordHasher {
  private readonly options: Required<PasswordHasherOptions>;
  private readonly dummyHash: Promise<string>;

  constructor(options: PasswordHasherOptions = {}) {
    this.options = { ...DEFAULT_PASSWORD_HASH_OPTIONS, ...options };
    // Made at construction with the current parameters, so even the first unknown-email login costs
    // exactly one verification, like a known one. A failure resurfaces in `dummyVerify`.
    this.dummyHash = this.hash(randomBytes(32).toString('base64url'));
    this.dummyHash.catch(() => undefined);
  }

  /** PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) embedding its own salt and parameters. */
  hash(password: string): Promise<string> {
    return hash(password, { ...this.options, algorithm: ARGON2ID });
  }

  /**
   * True when `password` matches. Reads the parameters from the stored hash, so hashes made with older
   * settings keep verifying. A stored value that is not an argon2 hash is a data fault, not a wrong
   * password, hence the throw.
   */
  async verify(storedHash: string, password: string): Promise<boolean> {
    if (!storedHash.startsWith('$argon2')) throw new MalformedPasswordHashError();
    try {
      return await verify(storedHash, password);
    } catch {
      throw new MalformedPasswordHashError();
    }
  }

  /**
   * Burns the same time as `verify` against a real hash and always answers false. Call it when the
   * email is unknown so the login response time does not reveal whether an account exists.
   */
  async dummyVerify(password: string): Promise<false> {
    await verify(await this.dummyHash, password);
    return false;
  }

  /** True when the hash was made with other parameters than the current ones: rehash after a login. */
  needsRehash(storedHash: string): boolean {
    try {
      const used = parseOptions(storedHash);
      return (
        used.algorithm !== ARGON2ID ||
        used.memoryCost !== this.options.memoryCost ||
        used.timeCost !== this.options.timeCost ||
        used.parallelism !== this.options.parallelism
      );
    } catch {
      throw new MalformedPasswordHashError();
    }
  }
}
