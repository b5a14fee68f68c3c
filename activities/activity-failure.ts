import { ApplicationFailure } from '@temporalio/activity';
import {
  COLLECTION_BLOCKED_FAILURE,
  CREDENTIALS_REFUSED_FAILURE,
  ORDER_NOT_FOUND_FAILURE,
} from '@libs/orders/order-workflow.contract';
import { classifyOrderProcessingFailure } from '@libs/orders/collection/order-processing-failure';
import { ServiceError } from '@libs/platform/domain-error';

/**
 * Runs one activity's work and reports its failure to Temporal, for every activity, as decided here:
 * - what an order's processing can meet for good (refused credentials, a blocked collection, an order
 *   that does not exist) as non-retryable failures with the type the order workflow acts on;
 * - any other error of the service's family (libs/platform/domain-error.ts) that says it is not
 *   retryable, as a non-retryable failure of its own type;
 * - everything else as it is: Temporal retries it with the activity's backoff.
 */
export async function withFailureClassification<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw activityFailureOf(error);
  }
}

function activityFailureOf(error: unknown): unknown {
  const failure = classifyOrderProcessingFailure(error);
  switch (failure.kind) {
    case 'retryable':
      if (error instanceof ServiceError && !error.retryable) {
        return ApplicationFailure.nonRetryable(error.message, error.name);
      }
      return error;
    case 'credentials-refused':
      // Refused credentials will not get better by retrying: the order waits for a refresh.
      return ApplicationFailure.nonRetryable(failure.message, CREDENTIALS_REFUSED_FAILURE);
    case 'collection-blocked':
      return ApplicationFailure.create({
        type: COLLECTION_BLOCKED_FAILURE,
        message: failure.block.detail,
        nonRetryable: true,
        details: [failure.block],
      });
    case 'order-not-found':
      return ApplicationFailure.nonRetryable(failure.message, ORDER_NOT_FOUND_FAILURE);
  }
}
