import { ServiceError } from '@libs/platform/domain-error';

/**
 * Failures of the order's own data met while processing it. Neither can get better by retrying, and the
 * order activities report them as permanent (order-processing-failure.ts).
 */

/** The order (or the refresh request being applied) does not exist. */
export class OrderNotFoundForProcessingError extends ServiceError {
  override readonly name = 'OrderNotFoundForProcessingError';
  readonly code = 'order_missing_for_processing';
}

/** An extranet order without syndic credentials to log in with: only a refresh can bring them. */
export class OrderCredentialsMissingError extends ServiceError {
  override readonly name = 'OrderCredentialsMissingError';
  readonly code = 'order_credentials_missing';
}
