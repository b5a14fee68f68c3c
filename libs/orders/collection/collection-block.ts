/**
 * Why an order's collection stopped for good until someone changes something: the service cannot
 * talk to the syndic's extranet on its own. The order keeps its published state (the client is sent
 * nothing), the reason is stored on the order with an event for operators, and a refresh resumes it.
 * Pure: safe to import from workflow code.
 */
export const COLLECTION_BLOCK_REASONS = [
  /** A live order no connector serves: no adapter registered for its syndic and no `syndic.url`. */
  'no_connector',
  /** The extranet's address is refused: a private, loopback or metadata destination, the sandbox… */
  'destination_refused',
  /** An extranet order without syndic credentials to log in with. */
  'no_credentials',
] as const;

export type CollectionBlockReason = (typeof COLLECTION_BLOCK_REASONS)[number];

export interface CollectionBlock {
  reason: CollectionBlockReason;
  /** For operators, in English; never a secret. */
  detail: string;
}
