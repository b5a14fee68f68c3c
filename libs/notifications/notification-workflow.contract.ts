/**
 * What the API and the worker agree on about the workflows that deliver notifications (each order's
 * queue, redeliveries) and send the confirmation email. Workflow-safe.
 */
import { type NotificationRetrySettings } from './notification-retry-schedule';

export const ORDER_NOTIFICATIONS_WORKFLOW_TYPE = 'orderNotificationsWorkflow';
export const NOTIFICATION_REDELIVERY_WORKFLOW_TYPE = 'notificationRedeliveryWorkflow';
export const CONFIRMATION_EMAIL_WORKFLOW_TYPE = 'confirmationEmailWorkflow';

/**
 * Notification workflows have their own task queue (and worker), so a delivery never waits behind the
 * order workflows' tasks when many orders are being processed at once.
 */
export function notificationTaskQueue(orderTaskQueue: string): string {
  return `${orderTaskQueue}-notifications`;
}

/** Signal `notificationQueued`: one more notification (already committed) for the order's queue. */
export const NOTIFICATION_QUEUED_SIGNAL = 'notificationQueued';

/**
 * Signal `notificationSettled`: a redelivery delivered a notification (or its receiver answered 410).
 * When it is the queue's head, waiting for its next attempt, the queue tries it at once, finds it
 * settled and goes on with the order's later notifications, instead of waiting out the retry delay.
 */
export const NOTIFICATION_SETTLED_SIGNAL = 'notificationSettled';

/**
 * Signal `retryNow`: someone asked for a notification queued behind others to be sent again. The queue
 * tries its head at once rather than at its next attempt, and the rest follow in order: a redelivery
 * around the queue would reach the client before the state changes that came first.
 */
export const NOTIFICATION_RETRY_NOW_SIGNAL = 'retryNow';

/** Where one notification's delivery stands, carried across continue-as-new with its deadline. */
export interface DeliveryProgress {
  /** Epoch ms of the first attempt. */
  firstAttemptAt: number;
  /** Attempts already made. */
  attempts: number;
}

export interface OrderNotificationsWorkflowInput {
  orderid: string;
  settings: NotificationRetrySettings & {
    /** The queue closes after this long with nothing to send; the next notification starts it again. */
    notificationQueueIdleMs: number;
  };
  /**
   * Runs started since attempts are batched say so; runs started before keep replaying the one attempt
   * per activity they recorded. (A flag in the input rather than `patched()`: no marker, whose payload
   * Temporal stores unencrypted, and no search attribute update per run.)
   */
  attemptsInBatches?: boolean;
  /**
   * Runs started since say so: a queue whose history grew long carries on to a new run even while
   * notifications wait (they may come faster than a slow receiver takes them, and the queue never
   * empty); runs started before check only when empty, as their histories recorded.
   */
  carriesOnWhileBusy?: boolean;
  /** Events after which a run carries on to a new one (5,000 when absent). */
  historyEventLimit?: number;
  /**
   * Runs started since say so: the run holds at most this many queued notification ids (carried to
   * the next run with it). Those queued beyond wait in the database, where each was committed before
   * its signal, and are read back from there, oldest first, once those held are settled. Runs started
   * before hold every id, as their histories recorded.
   */
  idsHeldAtMost?: number;
  /**
   * Carried across continue-as-new: what is still queued, oldest first, the head's progress, the last
   * ids settled, and whether more are queued in the database than were held (absent: none).
   */
  carried?: {
    queue: string[];
    headProgress: DeliveryProgress | null;
    recent: string[];
    backlogInDatabase?: boolean;
  };
}

/**
 * Queued notification ids one queue run holds (and carries to the next, about 40 bytes each): a queue
 * whose head keeps failing while its client keeps queueing test events would otherwise grow without
 * bound, until the carried ids passed Temporal's 2 MB payload limit and the run failed with them.
 */
export const NOTIFICATION_IDS_HELD_PER_QUEUE = 1000;

/**
 * Each order's notifications, delivered one at a time in the order they were queued: state changes
 * (queued by the order workflow) and test events (queued by the API).
 */
export function orderNotificationsWorkflowId(orderid: string): string {
  return `order-${orderid}-notifications`;
}

export interface NotificationRedeliveryWorkflowInput {
  notificationId: string;
  /** The order whose queue is told when the redelivery settles it; absent in runs started before. */
  orderid?: string;
  /** The delivery log's last attempt when the redelivery was asked ('0' when none). */
  afterAttemptId: string;
  settings: NotificationRetrySettings;
  /** Carried across continue-as-new, so a long retry keeps its schedule and deadline. */
  carried?: DeliveryProgress;
}

/** How the delivery of one notification ended. */
export type NotificationDeliveryResult = 'delivered' | 'gone' | 'no-callback' | 'given-up';

/** One per notification: a new redelivery replaces one still retrying. */
export function notificationRedeliveryWorkflowId(notificationId: string): string {
  return `notification-${notificationId}-redelivery`;
}

export interface ConfirmationEmailWorkflowInput {
  orderid: string;
  /** Epoch ms when the API asked for it, right before committing the order. */
  requestedAt: number;
  /** Retries (SMTP down) stop after this long; the workflow then fails, visible to operators. */
  deadlineMs: number;
}

export function confirmationEmailWorkflowId(orderid: string): string {
  return `confirmation-email-${orderid}`;
}
