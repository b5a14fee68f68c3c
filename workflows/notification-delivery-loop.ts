import { proxyLocalActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { NotificationActivities } from '@activities/notification.activities';
import {
  type NotificationRetrySettings,
  nextNotificationRetryDelay,
} from '@libs/notifications/notification-retry-schedule';
import {
  type DeliveryProgress,
  type NotificationDeliveryResult,
} from '@libs/notifications/notification-workflow.contract';
import { type DeliveryOutcome } from '@libs/notifications/delivery/delivery-outcome';

// Attempts are local activities: run by the worker inside the workflow task, so a delivery costs no
// round trip through the Temporal server. A slow receiver (15 s at most) holds only this workflow.
export const notificationAttempts = proxyLocalActivities<NotificationActivities>({
  startToCloseTimeout: '1m',
  localRetryThreshold: '10s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});

/** Keeps each run's history small when a receiver stays down or asks for many short waits. */
const MAX_HISTORY_EVENTS = 5000;

export function historyIsLong(limit = MAX_HISTORY_EVENTS): boolean {
  const info = workflowInfo();
  return info.continueAsNewSuggested || info.historyLength > limit;
}

/**
 * Sends one notification until it is settled, on the shared retry schedule: `attempt` makes one try,
 * and after the deadline the notification is recorded as given up. Returns `continue-as-new` (with
 * where it stands) when the history grew long while waiting, so the caller carries it to a new run.
 */
export async function deliverUntilSettled(
  notificationId: string,
  attempt: () => Promise<DeliveryOutcome>,
  settings: NotificationRetrySettings,
  progress: DeliveryProgress | null,
  {
    firstOutcome = null,
    waitBeforeRetry = sleep,
    historyEventLimit,
  }: {
    /** The outcome of a first attempt already made (in a batch), when there was one. */
    firstOutcome?: DeliveryOutcome | null;
    /** Waits before the next attempt; the order's queue may end the wait early (a redelivery settled it). */
    waitBeforeRetry?: (ms: number) => Promise<void>;
    /** Events after which the run carries on (5,000 when absent). */
    historyEventLimit?: number;
  } = {},
): Promise<NotificationDeliveryResult | { continueAsNew: DeliveryProgress }> {
  const firstAttemptAt = progress?.firstAttemptAt ?? Date.now();
  let made = firstOutcome;
  for (let index = progress?.attempts ?? 0; ; index++) {
    const outcome = made ?? (await attempt());
    made = null;
    if (outcome.kind !== 'retry') return outcome.kind;
    const delay = nextNotificationRetryDelay(
      settings,
      { index, retryAfterMs: outcome.retryAfterMs, elapsedMs: Date.now() - firstAttemptAt },
      Math.random,
    );
    if (delay === null) {
      await notificationAttempts.markNotificationFailed(notificationId, outcome.error);
      return 'given-up';
    }
    await waitBeforeRetry(delay);
    if (historyIsLong(historyEventLimit)) return { continueAsNew: { firstAttemptAt, attempts: index + 1 } };
  }
}
