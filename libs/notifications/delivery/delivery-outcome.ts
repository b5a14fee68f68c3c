/** What one delivery attempt of a notification came to; workflow-safe (a plain type). */
export type DeliveryOutcome =
  /** A 2xx within the time limit: delivered. */
  | { kind: 'delivered' }
  /** Failed; try again later. `retryAfterMs` when the receiver said when (429/503 Retry-After, bounded). */
  | { kind: 'retry'; retryAfterMs: number | null; error: string }
  /** 410 Gone: the receiver asked us to stop; no more attempts. */
  | { kind: 'gone' }
  /** Neither the order nor the account has a callback URL: nothing to send. */
  | { kind: 'no-callback' };
