import { type DeliveryOutcome } from './delivery-outcome';

/** One attempt as the delivery service saw it, once logged. */
export interface ObservedAttempt {
  accountId: string;
  accountEmail: string;
  /** Whether a failing-endpoint alert stood for the account when the attempt began. */
  accountAlerted: boolean;
  notificationId: string;
  notificationCreatedAt: Date;
  orderid: string;
  /** The callback URL as configured (may carry credentials: never shown as is). */
  url: string;
  outcome: DeliveryOutcome;
}

/**
 * Told of every logged attempt (e.g. to alert an account whose endpoint keeps failing). It must not
 * throw: a delivery's outcome never depends on it.
 */
export interface DeliveryAttemptObserver {
  attempted(attempt: ObservedAttempt): Promise<void>;
}
