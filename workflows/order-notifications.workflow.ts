import { condition, continueAsNew, defineSignal, setHandler } from '@temporalio/workflow';
import {
  NOTIFICATION_QUEUED_SIGNAL,
  NOTIFICATION_RETRY_NOW_SIGNAL,
  NOTIFICATION_SETTLED_SIGNAL,
  type OrderNotificationsWorkflowInput,
} from '@libs/notifications/notification-workflow.contract';
import { type DeliveryOutcome } from '@libs/notifications/delivery/delivery-outcome';
import { deliverUntilSettled, historyIsLong, notificationAttempts } from './notification-delivery-loop';

export const notificationQueuedSignal = defineSignal<[string]>(NOTIFICATION_QUEUED_SIGNAL);
export const notificationSettledSignal = defineSignal<[string]>(NOTIFICATION_SETTLED_SIGNAL);
export const retryNowSignal = defineSignal<[]>(NOTIFICATION_RETRY_NOW_SIGNAL);

/** Settled notification ids remembered so a notification queued twice is sent once. */
const RECENT_IDS_KEPT = 100;

/** At most this many queued notifications are attempted by one local activity. */
const BATCH_SIZE = 20;

/**
 * One order's notification queue (`order-<orderid>-notifications`), started or woken by
 * signal-with-start for each notification: delivers them one at a time, in the order they were queued,
 * each retried on the schedule until settled. A failing callback holds up only this order's later
 * notifications, never the order's processing (its own workflow) nor other orders. Closes once idle.
 */
export async function orderNotificationsWorkflow(input: OrderNotificationsWorkflowInput): Promise<void> {
  const { settings } = input;
  const queue = [...(input.carried?.queue ?? [])];
  const recent = [...(input.carried?.recent ?? [])];
  let headProgress = input.carried?.headProgress ?? null;

  /** The head was settled by a redelivery, or a retry was asked for: its wait for the next attempt ends. */
  let headWoken = false;

  setHandler(notificationQueuedSignal, (notificationId) => {
    // Senders retry (an activity, an API call): the same notification is queued once.
    if (!queue.includes(notificationId) && !recent.includes(notificationId)) queue.push(notificationId);
  });
  setHandler(notificationSettledSignal, (notificationId) => {
    if (queue[0] === notificationId) headWoken = true;
  });
  setHandler(retryNowSignal, () => {
    headWoken = true;
  });
  const waitBeforeRetry = async (ms: number): Promise<void> => {
    await condition(() => headWoken, ms);
    headWoken = false;
  };

  const carryOn = (): Promise<never> =>
    continueAsNew<typeof orderNotificationsWorkflow>({ ...input, carried: { queue, headProgress, recent } });

  for (;;) {
    if ((queue.length === 0 || input.carriesOnWhileBusy) && historyIsLong(input.historyEventLimit)) {
      return carryOn();
    }
    if (queue.length === 0) {
      await condition(() => queue.length > 0, settings.notificationQueueIdleMs);
      // A notification queued in the very task the idle timer fired in is still delivered.
      if (queue.length === 0) return;
      continue;
    }
    let firstOutcome: DeliveryOutcome | null = null;
    if (headProgress === null && input.attemptsInBatches) {
      // A backlog (a receiver back up, a worker restarted) is sent in batches, in order.
      const outcomes = await notificationAttempts.deliverNotifications(queue.slice(0, BATCH_SIZE));
      for (const outcome of outcomes) {
        if (outcome.kind === 'retry') firstOutcome = outcome;
        else settle();
      }
      if (firstOutcome === null) continue;
    }
    const notificationId = queue[0]!;
    const result = await deliverUntilSettled(
      notificationId,
      () => notificationAttempts.deliverNotification(notificationId),
      settings,
      headProgress,
      firstOutcome,
      waitBeforeRetry,
    );
    if (typeof result !== 'string') {
      headProgress = result.continueAsNew;
      return carryOn();
    }
    headProgress = null;
    settle();
  }

  /** The head of the queue is settled (delivered, gone, given up or with nothing to send). */
  function settle(): void {
    headWoken = false;
    recent.push(queue.shift()!);
    if (recent.length > RECENT_IDS_KEPT) recent.shift();
  }
}
