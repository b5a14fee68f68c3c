import { type OrderState } from '@libs/orders/order-state';
import { type NotificationWithAttempts } from '../notification.repository';

/** One delivery attempt in the delivery log; keys in alphabetical order like the rest of the API. */
export class NotificationAttemptView {
  attempted_at!: string;
  error!: string | null;
  http_status!: number | null;
  latency_ms!: number | null;
  response_excerpt!: string | null;
  url!: string | null;
}

/** One notification in the delivery log; `id` is its `webhook-id`. Dates are ISO 8601 (UTC). */
export class NotificationLogEntry {
  attempt_count!: number;
  attempts!: NotificationAttemptView[];
  created!: string;
  delivered!: string | null;
  failed!: string | null;
  id!: string;
  last_error!: string | null;
  /** Settled without being sent: neither the order nor the account had a callback URL. */
  not_sent!: string | null;
  status!: OrderState;
  test!: boolean;
}

/**
 * One page of the delivery log; `next_cursor` is null on the last. A class so that the API documents this
 * very shape (describeSchema); the code builds plain objects of it.
 */
export class NotificationLog {
  next_cursor!: string | null;
  notifications!: NotificationLogEntry[];
}

export function toNotificationLogEntry({
  notification,
  attempts,
}: NotificationWithAttempts): NotificationLogEntry {
  return {
    attempt_count: notification.attemptCount,
    attempts: attempts.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      error: a.error,
      http_status: a.httpStatus,
      latency_ms: a.latencyMs,
      response_excerpt: a.responseExcerpt,
      url: a.url,
    })),
    created: notification.createdAt.toISOString(),
    delivered: notification.deliveredAt?.toISOString() ?? null,
    failed: notification.failedAt?.toISOString() ?? null,
    id: notification.id,
    last_error: notification.lastError,
    not_sent: notification.notSentAt?.toISOString() ?? null,
    status: notification.status,
    test: notification.test,
  };
}
