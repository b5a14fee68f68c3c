import { type CollectionBlock } from './collection-block';
import {
  ExtranetCredentialsRefusedError,
  ExtranetDestinationRefusedError,
  ExtranetNoConnectorError,
} from '@libs/extranet/extranet-errors';
import { OrderCredentialsMissingError, OrderNotFoundForProcessingError } from './order-processing.errors';

/**
 * What a failure of an order activity means for the order, decided here and nowhere else:
 * - `retryable`: try again later with backoff (extranet down or slow, database unavailable, anything
 *   unforeseen);
 * - `credentials-refused`: the extranet refused the seller's credentials; the client is told (`waiting`);
 * - `collection-blocked`: the service cannot reach the extranet on its own (no connector, refused
 *   destination, no credentials); recorded on the order for operators, the client is told nothing;
 * - `order-not-found`: nothing to process.
 * Only the last three are permanent: retrying them could only fail the same way, forever.
 */
export type OrderProcessingFailure =
  | { kind: 'retryable' }
  | { kind: 'credentials-refused'; message: string }
  | { kind: 'collection-blocked'; block: CollectionBlock }
  | { kind: 'order-not-found'; message: string };

export function classifyOrderProcessingFailure(error: unknown): OrderProcessingFailure {
  if (error instanceof ExtranetCredentialsRefusedError) {
    return { kind: 'credentials-refused', message: error.message };
  }
  if (error instanceof ExtranetNoConnectorError) {
    return { kind: 'collection-blocked', block: { reason: 'no_connector', detail: error.message } };
  }
  if (error instanceof ExtranetDestinationRefusedError) {
    return { kind: 'collection-blocked', block: { reason: 'destination_refused', detail: error.message } };
  }
  if (error instanceof OrderCredentialsMissingError) {
    return { kind: 'collection-blocked', block: { reason: 'no_credentials', detail: error.message } };
  }
  if (error instanceof OrderNotFoundForProcessingError) {
    return { kind: 'order-not-found', message: error.message };
  }
  return { kind: 'retryable' };
}
