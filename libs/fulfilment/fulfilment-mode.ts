/**
 * How a live order is fulfilled (docs/contract.md §9): `automatic` when a registered connector serves its
 * syndic or extranet address, `assisted` when the provider's operators collect the documents and file the
 * account statement through the console. Pure: safe to import from workflow code.
 */
export const FULFILMENT_MODES = ['automatic', 'assisted'] as const;
export type FulfilmentMode = (typeof FULFILMENT_MODES)[number];

/** Why an order needs a person. Stored on the order and shown in the console's work queue. */
export const ASSISTANCE_REASONS = [
  /** No connector is registered for the order's syndic or extranet address. */
  'no_connector',
  /** The extranet's address is refused (private, loopback, metadata destination, the sandbox…). */
  'destination_refused',
  /** An extranet order without syndic credentials to log in with. */
  'no_credentials',
  /** The connector failed permanently. */
  'connector_failed',
  /** The extranet refused the seller's credentials and no corrected refresh came in time. */
  'credentials_refused',
  /** An `upload` order: its figures must be read from its documents by a person. */
  'upload_order',
  /** An operator switched the order to assisted fulfilment. */
  'operator_switch',
  /**
   * A step of the order's own processing failed for good (an unreadable stored statement, a PDF that
   * cannot be made…): retrying cannot help, a person looks into it.
   */
  'processing_failed',
] as const;
export type AssistanceReason = (typeof ASSISTANCE_REASONS)[number];
