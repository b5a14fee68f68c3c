import { continueAsNew, proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';
import type { NotificationActivities } from '../activities/notification.activities';
import type { OrderActivities } from '../activities/order.activities';
import { nextNotificationRetryDelay } from '../libs/domain/notification-retry-schedule';
import {
  type NotificationDeliveryResult,
  type NotificationDeliveryWorkflowInput,
} from '../libs/domain/notification-workflow.contract';

const webhooks = proxyActivities<OrderActivities & NotificationActivities>({
  // One HTTP attempt (15 s at most) plus its log; the retry schedule is the workflow's own.
  startToCloseTimeout: '1m',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});

/** Keeps the history small when a receiver asks for many short Retry-After waits. */
const MAX_HISTORY_EVENTS = 5000;

/**
 * Delivers one notification outside its order's queue: a redelivery asked through the API, or a test
 * event. Same pipeline (signed, logged) and same retry schedule as the order workflow's notifications.
 */
export async function notificationDeliveryWorkflow(
  input: NotificationDeliveryWorkflowInput,
): Promise<NotificationDeliveryResult> {
  const { notificationId, redelivery, settings } = input;
  const firstAttemptAt = input.carried?.firstAttemptAt ?? Date.now();
  for (let attempt = input.carried?.attempts ?? 0; ; attempt++) {
    const outcome = redelivery
      ? await webhooks.redeliverNotification(notificationId, redelivery.afterAttemptId)
      : await webhooks.deliverNotification(notificationId);
    if (outcome.kind !== 'retry') return outcome.kind;
    const delay = nextNotificationRetryDelay(
      settings,
      { index: attempt, retryAfterMs: outcome.retryAfterMs, elapsedMs: Date.now() - firstAttemptAt },
      () => Math.random(),
    );
    if (delay === null) {
      await webhooks.markNotificationFailed(notificationId, outcome.error);
      return 'given-up';
    }
    await sleep(delay);
    const info = workflowInfo();
    if (info.continueAsNewSuggested || info.historyLength > MAX_HISTORY_EVENTS) {
      return continueAsNew<typeof notificationDeliveryWorkflow>({
        ...input,
        carried: { firstAttemptAt, attempts: attempt + 1 },
      });
    }
  }
}
