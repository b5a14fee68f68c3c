/**
 * Errors the service reports to clients. Services throw these; the API's single exception filter maps
 * the code to an HTTP status and to the French text of the message catalogue.
 */
export type ErrorCode =
  | 'invalid_api_key'
  | 'invalid_credentials'
  | 'missing_field'
  | 'validation_failed'
  | 'syndic_invalid'
  | 'email_mismatch'
  | 'malformed_json'
  | 'unauthenticated'
  | 'order_not_found'
  | 'notification_not_found'
  | 'document_link_invalid'
  | 'document_link_expired'
  | 'test_mode_only'
  | 'route_not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'headers_too_large'
  | 'idempotency_conflict'
  | 'idempotency_key_unverifiable'
  | 'invalid_state'
  | 'order_closed'
  | 'document_not_ready'
  | 'dossier_not_available'
  | 'rate_limited'
  | 'dependency_unavailable'
  | 'internal_error';

export class DomainError extends Error {
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
