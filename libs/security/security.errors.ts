import { ServiceError } from '@libs/platform/domain-error';

/**
 * Errors raised by the security primitives. They are internal: the API maps them to client-facing
 * `DomainError`s (an invalid token becomes `unauthenticated`), so their messages are English, for logs,
 * and never contain secret material.
 */
export type SecurityErrorCode =
  | 'invalid_access_token'
  | 'unreadable_secret'
  | 'malformed_password_hash'
  | 'malformed_webhook_secret'
  | 'invalid_security_configuration';

export abstract class SecurityError extends ServiceError {
  abstract override readonly code: SecurityErrorCode;
}

export type InvalidAccessTokenReason =
  'malformed' | 'expired' | 'bad_signature' | 'bad_claims' | 'unknown_key';

/** The bearer token cannot be trusted; `reason` is for logs and metrics, clients only learn "401". */
export class InvalidAccessTokenError extends SecurityError {
  override readonly name = 'InvalidAccessTokenError';
  readonly code = 'invalid_access_token';
  constructor(readonly reason: InvalidAccessTokenReason) {
    super(`Invalid access token: ${reason}`);
  }
}

export type UnreadableSecretReason = 'malformed' | 'unsupported_version' | 'unknown_key' | 'tampered';

/** A sealed secret cannot be opened: corrupted, tampered with, or sealed under a key no longer configured. */
export class UnreadableSecretError extends SecurityError {
  override readonly name = 'UnreadableSecretError';
  readonly code = 'unreadable_secret';
  constructor(
    readonly reason: UnreadableSecretReason,
    /** Id of the key named by the sealed value, when it could be read: tells operators which key is missing. */
    readonly keyId?: string,
  ) {
    super(`Sealed secret cannot be opened: ${reason}${keyId === undefined ? '' : ` (key '${keyId}')`}`);
  }
}

/** A stored password hash is not an argon2 PHC string: the account row is corrupt, not the password wrong. */
export class MalformedPasswordHashError extends SecurityError {
  override readonly name = 'MalformedPasswordHashError';
  readonly code = 'malformed_password_hash';
  constructor() {
    super('Stored password hash is not a valid argon2 hash');
  }
}

/** A stored webhook secret is not `whsec_` followed by base64 of 24 to 64 bytes. */
export class MalformedWebhookSecretError extends SecurityError {
  override readonly name = 'MalformedWebhookSecretError';
  readonly code = 'malformed_webhook_secret';
  constructor(detail: string) {
    super(`Malformed webhook secret: ${detail}`);
  }
}

/**
 * Keys or parameters given to a security primitive are unusable. Raised at start-up; `variable` names
 * the configuration variable when the caller told us which one it was.
 */
export class SecurityConfigurationError extends SecurityError {
  override readonly name = 'SecurityConfigurationError';
  readonly code = 'invalid_security_configuration';
  constructor(
    detail: string,
    readonly variable?: string,
  ) {
    super(variable === undefined ? detail : `${variable}: ${detail}`);
  }
}
