import { ApplicationFailure } from '@temporalio/activity';
import {
  COLLECTION_BLOCKED_FAILURE,
  CREDENTIALS_REFUSED_FAILURE,
  ORDER_NOT_FOUND_FAILURE,
} from '@libs/orders/order-workflow.contract';
import { classifyOrderProcessingFailure } from '@libs/orders/collection/order-processing-failure';

/**
 * Runs one order activity's work and reports its failure as the classification says: permanent ones
 * as non-retryable `ApplicationFailure`s with a type the workflow acts on, retryable ones as they are
 * (Temporal retries them with the activity's backoff).
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
