/**
 * The service's errors: one family, each member with a stable `code`. Messages are English, for logs
 * and operators, and never carry a secret.
 * - `DomainError`: what a client is told. The API's one exception filter maps its code to an HTTP
 *   status and to the French text of the message catalogue.
 * - The others (extranet, security, processing…) say whether the same operation tried again later can
 *   succeed (`retryable`); the activities act on it in one place (activities/activity-failure.ts).
 */
export abstract class ServiceError extends Error {
  abstract readonly code: string;
  /** Whether trying the same operation again later can succeed. */
  readonly retryable: boolean = false;
}

/** Codes of the errors clients are told about (`DomainError`). */
export type ErrorCode =
  | 'invalid_api_key'
  | 'invalid_credentials'
  | 'missing_field'
  | 'validation_failed'
  | 'syndic_invalid'
  | 'email_mismatch'
  | 'unauthenticated'
  | 'order_not_found'
  | 'notification_not_found'
  | 'no_callback_url'
  | 'document_link_invalid'
  | 'document_link_expired'
  | 'test_mode_only'
  | 'idempotency_conflict'
  | 'idempotency_key_unverifiable'
  | 'invalid_state'
  | 'order_closed'
  | 'document_not_ready'
  | 'dossier_not_available'
  | 'operator_action_refused'
  | 'operator_forbidden'
  | 'rate_limited'
  | 'operator_login_failed'
  | 'operator_locked'
  | 'operator_action_pending'
  | 'dependency_unavailable'
  | 'internal_error';

export class DomainError extends ServiceError {
  constructor(
    readonly code: ErrorCode,
    /** Values substituted into the French text (field names, positions…). Never secrets. */
    readonly details: Record<string, string | number> = {},
    /** Free-form detail already rendered in French (validation messages). */
    readonly detailText?: string,
    cause?: unknown,
  ) {
    super(`${code}${detailText ? `: ${detailText}` : ''}`, { cause });
    this.name = 'DomainError';
  }
}

/** One problem of a value a person typed: French, naming the value; `field` says which value it is. */
export interface FieldIssue {
  /** The value's path or input name (`coOwnership.name.source`), or '' for the request as a whole. */
  field: string;
  message: string;
}

/**
 * Values refused, each problem kept apart: the API's envelope joins their messages, the console shows
 * each beside the input it names (or above its form).
 */
export class ValuesRefused extends DomainError {
  constructor(readonly issues: readonly FieldIssue[]) {
    super('validation_failed', {}, issues.map((issue) => issue.message).join(' ; '));
    this.name = 'ValuesRefused';
  }
}
