/**
 * Failures of the order's own data met while processing it. Neither can get better by retrying:
 * `retryable` is false, and the order activities report them as permanent
 * (libs/processing/order-processing-failure.ts). Messages are English and carry no secret.
 */

/** The order (or the refresh request being applied) does not exist. */
export class OrderNotFoundForProcessingError extends Error {
  override readonly name = 'OrderNotFoundForProcessingError';
  readonly code = 'order_not_found';
  readonly retryable = false;
}

/** An extranet order without syndic credentials to log in with: only a refresh can bring them. */
export class OrderCredentialsMissingError extends Error {
  override readonly name = 'OrderCredentialsMissingError';
  readonly code = 'order_credentials_missing';
  readonly retryable = false;
}
