import { type ClientErrorCode } from '@libs/platform/messages.fr';

/** HTTP status of each domain error code (docs/contract.md §1). */
export const ERROR_STATUS: Record<ClientErrorCode, number> = {
  invalid_api_key: 400,
  missing_field: 400,
  validation_failed: 400,
  syndic_invalid: 400,
  email_mismatch: 400,
  malformed_json: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  operator_login_failed: 401,
  order_not_found: 404,
  notification_not_found: 404,
  document_link_invalid: 404,
  route_not_found: 404,
  operator_forbidden: 403,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  idempotency_key_unverifiable: 409,
  invalid_state: 409,
  no_callback_url: 409,
  order_closed: 409,
  document_not_ready: 409,
  dossier_not_available: 409,
  operator_action_refused: 409,
  test_mode_only: 409,
  document_link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_content_encoding: 415,
  // The account is locked, whoever asks and whatever they send, until the lockout ends: not a rate
  // limit (429), which invites the client to retry the same request later on its own.
  operator_locked: 423,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  dependency_unavailable: 503,
  // Temporal took the operator's action but it was not applied in time: it may still be.
  operator_action_pending: 504,
};
