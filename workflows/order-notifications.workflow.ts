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
  const idsHeldAtMost = input.idsHeldAtMost ?? Number.POSITIVE_INFINITY;
  /** Notifications were queued beyond those held: they wait in the database, in order. */
  let backlogInDatabase = input.carried?.backlogInDatabase ?? false;
  /** Signals left to the database so far: tells a read of it whether one came while it ran. */
  let leftToDatabase = 0;

  /** The head was settled by a redelivery, or a retry was asked for: its wait for the next attempt ends. */
  let headWoken = false;

  setHandler(notificationQueuedSignal, (notificationId) => {
    // Senders retry (an activity, an API call): the same notification is queued once.
    if (queue.includes(notificationId) || recent.includes(notificationId)) return;
    // Once one is left to the database, the later ones are too: they are read back in their order.
    if (backlogInDatabase || queue.length >= idsHeldAtMost) {
      backlogInDatabase = true;
      leftToDatabase++;
      return;
    }
    queue.push(notificationId);
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
    continueAsNew<typeof orderNotificationsWorkflow>({
      ...input,
      // Absent unless set, so that runs which never held back an id carry what they always did.
      carried: { queue, headProgress, recent, ...(backlogInDatabase ? { backlogInDatabase } : {}) },
    });

  for (;;) {
    if ((queue.length === 0 || input.carriesOnWhileBusy) && historyIsLong(input.historyEventLimit)) {
      return carryOn();
    }
    if (queue.length === 0 && backlogInDatabase) {
      await readBacklog();
      continue;
    }
    if (queue.length === 0) {
      await condition(() => queue.length > 0 || backlogInDatabase, settings.notificationQueueIdleMs);
      // A notification queued in the very task the idle timer fired in is still delivered.
      if (queue.length === 0 && !backlogInDatabase) return;
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
      // The limit only ever set by tests: production runs keep the 5,000 their histories recorded.
      { firstOutcome, waitBeforeRetry, historyEventLimit: input.historyEventLimit },
    );
    if (typeof result !== 'string') {
      headProgress = result.continueAsNew;
      return carryOn();
    }
    headProgress = null;
    settle();
  }

  /** Holds the oldest of the notifications left to the database; the backlog ends once all are read. */
  async function readBacklog(): Promise<void> {
    const signalsBefore = leftToDatabase;
    const ids = await notificationAttempts.unsettledNotifications(input.orderid, idsHeldAtMost);
    let held = 0;
    for (const id of ids) {
      if (queue.includes(id) || recent.includes(id)) continue;
      queue.push(id);
      held++;
    }
    // A notification signalled while the read ran may have been committed after it: read again then.
    // Nothing new to hold (only ids settled here) ends it too, rather than reading the same forever.
    const allRead = ids.length < idsHeldAtMost || held === 0;
    if (allRead && leftToDatabase === signalsBefore) backlogInDatabase = false;
  }

  /** The head of the queue is settled (delivered, gone, given up or with nothing to send). */
  function settle(): void {
    headWoken = false;
    recent.push(queue.shift()!);
    if (recent.length > RECENT_IDS_KEPT) recent.shift();
  }
}
