import { type FulfilmentDecision } from './fulfilment-workflow.contract';

/** What routing knows of an order: nothing secret, nothing fetched. */
export interface RoutedOrder {
  testMode: boolean;
  method: 'extranet' | 'upload';
  /** The order holds syndic credentials (a username and a sealed password). */
  hasCredentials: boolean;
  /** A connector is registered for its syndic, or it gives a `syndic.url` the generic one can call. */
  servedByConnector: boolean;
}

/**
 * How a collection round of an order is fulfilled (docs/contract.md §9): by a connector where one can
 * work, by the provider's operators everywhere else. Test-mode orders always go to the sandbox. What
 * only trying can tell (a refused destination, a connector failing for good, refused credentials) turns
 * an automatic order assisted later, in the workflow.
 */
export function routeFulfilment(order: RoutedOrder): FulfilmentDecision {
  if (order.testMode) return { mode: 'automatic', reason: null, detail: null };
  if (order.method === 'upload') {
    return {
      mode: 'assisted',
      reason: 'upload_order',
      detail: 'An upload order: its figures are read from its documents by a person',
    };
  }
  if (!order.hasCredentials) {
    return {
      mode: 'assisted',
      reason: 'no_credentials',
      detail: 'The order has no syndic credentials to log in with',
    };
  }
  if (!order.servedByConnector) {
    return {
      mode: 'assisted',
      reason: 'no_connector',
      detail: 'No extranet connector is registered for the syndic and the order gives no syndic.url',
    };
  }
  return { mode: 'automatic', reason: null, detail: null };
}
