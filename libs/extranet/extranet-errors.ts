/**
 * Failures of an extranet connector. Messages are English, for logs and operators, and never carry
 * the syndic password or the session token. `retryable` tells the caller whether trying again later can
 * succeed; `name` is what Temporal uses as the failure type (`nonRetryableErrorTypes`).
 */
export type ExtranetErrorCode = 'extranet_credentials_refused' | 'extranet_unavailable';

export abstract class ExtranetError extends Error {
  abstract readonly code: ExtranetErrorCode;
  abstract readonly retryable: boolean;
}

/**
 * The extranet refused the syndic credentials, or the syndic data cannot be used at all (an extranet
 * address that is not http(s)). Retrying the same data can only fail again: the client must correct it.
 */
export class ExtranetCredentialsRefusedError extends ExtranetError {
  override readonly name = 'ExtranetCredentialsRefusedError';
  readonly code = 'extranet_credentials_refused';
  readonly retryable = false;
  constructor(message = 'The syndic extranet refused the credentials') {
    super(message);
  }
}

/** The extranet is down, too slow, unreachable or gave an answer we cannot read: retry later. */
export class ExtranetUnavailableError extends ExtranetError {
  override readonly name = 'ExtranetUnavailableError';
  readonly code = 'extranet_unavailable';
  readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
