import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { decodeBase64UrlStrict } from './strict-base64url';
import {
  InvalidAccessTokenError,
  type InvalidAccessTokenReason,
  SecurityConfigurationError,
} from './security.errors';

export interface AccessTokenKey {
  /** Written in the token's `kid` header. */
  id: string;
  /** At least 32 bytes (RFC 7518 §3.2: an HS256 key as long as the hash output). */
  secret: string;
}

export interface AccessTokenServiceOptions {
  /** Every key still accepted for verification; old keys stay listed until their tokens have expired. */
  keys: readonly AccessTokenKey[];
  /** The key new tokens are signed with. */
  activeKeyId: string;
  issuer: string;
  audience: string;
  /** Token lifetime; 3600 by default. */
  lifetimeSeconds?: number;
  /** Current time in milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
}

export interface AccessTokenSubject {
  accountId: string;
  /** Id of the API key the client authenticated with: each request checks it is still the account's and unrevoked. */
  apiKeyId: string;
}

export interface IssuedAccessToken {
  token: string;
  /** Seconds until expiry, as returned to the client in `expires_in`. */
  expiresIn: number;
}

export interface VerifiedAccessToken extends AccessTokenSubject {
  expiresAt: Date;
}

export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

const ALGORITHM = 'HS256';
const MIN_SECRET_BYTES = 32;
// Far above any token we issue; bounds the work spent on hostile input before the signature check.
const MAX_TOKEN_LENGTH = 4096;
// API instances' clocks may differ slightly; a token "issued" further in the future than this is forged.
const MAX_CLOCK_SKEW_SECONDS = 60;
const KEY_ID_FORMAT = /^[A-Za-z0-9._-]{1,64}$/;

type JsonObject = Record<string, unknown>;

/**
 * Issues and verifies the bearer tokens returned by `POST /account/auth`, with `@nestjs/jwt`
 * (jsonwebtoken underneath). Around the library: the algorithm is pinned and the key picked by `kid`
 * before any signature work, and the claims are held to a stricter shape than JWT requires (a single
 * audience, integer dates, no issue date in the future).
 */
export class AccessTokenService {
  readonly #jwt = new JwtService();
  /**
   * As key objects: given a string, jsonwebtoken first tries to read it as a public (or private) key
   * and builds a secret key from it only once that has thrown, about 0.35 ms of CPU on every token
   * checked or signed; a key object is used as it is (7 µs).
   */
  readonly #secrets: ReadonlyMap<string, KeyObject>;
  readonly #activeKeyId: string;
  readonly #issuer: string;
  readonly #audience: string;
  readonly #lifetimeSeconds: number;
  readonly #clock: () => number;

  constructor(options: AccessTokenServiceOptions) {
    const secrets = new Map<string, KeyObject>();
    for (const { id, secret } of options.keys) {
      if (!KEY_ID_FORMAT.test(id)) throw new SecurityConfigurationError(`invalid token key id '${id}'`);
      if (secrets.has(id)) throw new SecurityConfigurationError(`duplicate token key id '${id}'`);
      if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
        throw new SecurityConfigurationError(`token key '${id}' is shorter than ${MIN_SECRET_BYTES} bytes`);
      }
      secrets.set(id, createSecretKey(Buffer.from(secret, 'utf8')));
    }
    if (!secrets.has(options.activeKeyId)) {
      throw new SecurityConfigurationError(`active token key '${options.activeKeyId}' is not among the keys`);
    }
    const lifetime = options.lifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
    if (!Number.isSafeInteger(lifetime) || lifetime <= 0) {
      throw new SecurityConfigurationError('token lifetime must be a positive whole number of seconds');
    }
    if (options.issuer === '' || options.audience === '') {
      throw new SecurityConfigurationError('token issuer and audience must not be empty');
    }
    this.#secrets = secrets;
    this.#activeKeyId = options.activeKeyId;
    this.#issuer = options.issuer;
    this.#audience = options.audience;
    this.#lifetimeSeconds = lifetime;
    this.#clock = options.clock ?? Date.now;
  }

  issue(subject: AccessTokenSubject): IssuedAccessToken {
    const iat = Math.floor(this.#clock() / 1000);
    const claims = {
      iss: this.#issuer,
      aud: this.#audience,
      sub: subject.accountId,
      key: subject.apiKeyId,
      iat,
      exp: iat + this.#lifetimeSeconds,
      jti: randomUUID(),
    };
    const token = this.#jwt.sign(claims, {
      secret: asLibrarySecret(this.#secrets.get(this.#activeKeyId)!),
      algorithm: ALGORITHM,
      keyid: this.#activeKeyId,
    });
    return { token, expiresIn: this.#lifetimeSeconds };
  }

  /**
   * Checks, in this order: shape, header (`alg` must be HS256, whatever the token says), key, then the
   * signature, issuer and audience (the library), then the claims' shape and the expiry. The payload is only
   * read once the signature has been checked. Throws `InvalidAccessTokenError` and nothing else,
   * whatever the input.
   */
  verify(token: string): VerifiedAccessToken {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw invalid('malformed');
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid('malformed');

    const header = decodeJson(parts[0] as string);
    if (header === null || own(header, 'crit') !== undefined) throw invalid('malformed');
    // Pinned: an `alg` of `none`, RS256 (key confusion) or anything else is refused before any crypto.
    if (own(header, 'alg') !== ALGORITHM) throw invalid('bad_signature');
    const kid = own(header, 'kid');
    const secret = typeof kid === 'string' ? this.#secrets.get(kid) : undefined;
    if (secret === undefined) throw invalid('unknown_key');

    let claims: unknown;
    try {
      claims = this.#jwt.verify(token, {
        secret: asLibrarySecret(secret),
        algorithms: [ALGORITHM],
        issuer: this.#issuer,
        audience: this.#audience,
        // Checked below, once the claims are known to be well formed: an expiry before the issue date
        // is a forged token, not an expired one.
        ignoreExpiration: true,
      });
    } catch (error) {
      throw invalid(reasonOf(error, parts[1] as string));
    }
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw invalid('malformed');
    return this.#checkClaims(claims as JsonObject);
  }

  #checkClaims(claims: JsonObject): VerifiedAccessToken {
    const sub = own(claims, 'sub');
    const apiKeyId = own(claims, 'key');
    const iat = own(claims, 'iat');
    const exp = own(claims, 'exp');
    const jti = own(claims, 'jti');
    if (
      // The library accepts a list holding our audience; our tokens never carry one.
      own(claims, 'iss') !== this.#issuer ||
      own(claims, 'aud') !== this.#audience ||
      !isNonEmptyString(sub) ||
      !isNonEmptyString(apiKeyId) ||
      !isNonEmptyString(jti) ||
      !Number.isSafeInteger(iat) ||
      !Number.isSafeInteger(exp) ||
      (exp as number) <= (iat as number)
    ) {
      throw invalid('bad_claims');
    }
    const now = this.#clock() / 1000;
    if ((iat as number) > now + MAX_CLOCK_SKEW_SECONDS) throw invalid('bad_claims');
    if ((exp as number) <= now) throw invalid('expired');
    return { accountId: sub, apiKeyId, expiresAt: new Date((exp as number) * 1000) };
  }
}

/**
 * Why jsonwebtoken refused a token whose header we already checked. Past the signature it only checks
 * claims, so a claim error on a payload that is not a JSON object means the payload itself is malformed.
 */
function reasonOf(error: unknown, encodedPayload: string): InvalidAccessTokenReason {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  if (name !== 'JsonWebTokenError' && name !== 'NotBeforeError') return 'malformed';
  if (/^(invalid signature|jwt signature is required)$/.test(message)) return 'bad_signature';
  if (/^(jwt malformed|invalid token)$/.test(message)) return 'malformed';
  return decodeJson(encodedPayload) === null ? 'malformed' : 'bad_claims';
}

/** The JSON object a segment encodes, or null for anything else (bad base64url, bad JSON, not an object). */
function decodeJson(segment: string): JsonObject | null {
  const bytes = decodeBase64UrlStrict(segment);
  if (bytes === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

// Own properties only: a claim must never be satisfied through Object.prototype.
function own(object: JsonObject, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function invalid(reason: InvalidAccessTokenReason): InvalidAccessTokenError {
  return new InvalidAccessTokenError(reason);
}

/**
 * @nestjs/jwt hands its `secret` option to jsonwebtoken unchanged, which takes key objects; the
 * option's type names only strings and buffers.
 */
function asLibrarySecret(key: KeyObject): string {
  return key as unknown as string;
}
