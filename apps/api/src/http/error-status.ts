import { type ErrorCode } from '../../../../libs/domain/domain-error';

/** HTTP status of each domain error code (contract section 1). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_api_key: 400,
  missing_field: 400,
  validation_failed: 400,
  syndic_invalid: 400,
  email_mismatch: 400,
  malformed_json: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  order_not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  invalid_state: 409,
  order_closed: 409,
  document_not_ready: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  dependency_unavailable: 503,
};
