import { type ConfirmationEmailResult } from '@libs/orders/confirmation-email/order-confirmation-mail.service';
import { type DeliveryOutcome } from '@libs/notifications/delivery/delivery-outcome';
import {
  type DeliveryAttemptOptions,
  NotificationNotFoundError,
} from '@libs/notifications/delivery/notification-delivery.service';
import { withFailureClassification } from './activity-failure';

export interface NotificationActivityDependencies {
  notifications: {
    attempt(notificationId: string, options?: DeliveryAttemptOptions): Promise<DeliveryOutcome>;
    attemptInOrder(notificationIds: string[], goOn: () => boolean): Promise<DeliveryOutcome[]>;
    markFailed(notificationId: string, reason: string): Promise<void>;
  };
  /** Where an order's queue reads back the notifications it did not hold (all committed before). */
  unsettled: {
    unsettledOfOrder(orderid: string, limit: number): Promise<string[]>;
  };
  confirmations: {
    send(orderid: string, requestedAt: Date): Promise<ConfirmationEmailResult>;
  };
}

/**
 * A batch starts no new attempt after this long, so that even when every attempt takes the whole
 * webhook timeout the batch ends well within the local activity's time limit (one minute).
 */
export const NOTIFICATION_BATCH_BUDGET_MS = 20_000;

/** Activities of the notification queue, redelivery and confirmation email workflows. */
export function createNotificationActivities(deps: NotificationActivityDependencies) {
  return {
    /** One attempt; a notification already delivered or given up is not sent again. */
    deliverNotification(notificationId: string): Promise<DeliveryOutcome> {
      return attemptUnlessMissing(deps, notificationId);
    },

    /**
     * The head of an order's queue and what follows it, one attempt each, in order, stopping at the
     * first not settled or once the time budget is spent; logged together. A backlog then costs one
     * local activity and one commit per batch rather than per notification.
     */
    async deliverNotifications(notificationIds: string[]): Promise<DeliveryOutcome[]> {
      const started = Date.now();
      try {
        return await deps.notifications.attemptInOrder(
          notificationIds,
          () => Date.now() - started < NOTIFICATION_BATCH_BUDGET_MS,
        );
      } catch (error) {
        // Only the first can throw; a notification that does not exist can never be sent.
        if (error instanceof NotificationNotFoundError) return [{ kind: 'no-callback' }];
        throw error;
      }
    },

    /** The order's unsettled notifications, oldest first, at most `limit`. */
    unsettledNotifications(orderid: string, limit: number): Promise<string[]> {
      return deps.unsettled.unsettledOfOrder(orderid, limit);
    },

    async markNotificationFailed(notificationId: string, reason: string): Promise<void> {
      await deps.notifications.markFailed(notificationId, reason);
    },

    /** Sends again with the same `webhook-id`, unless this redelivery already went through. */
    redeliverNotification(notificationId: string, afterAttemptId: string): Promise<DeliveryOutcome> {
      return attemptUnlessMissing(deps, notificationId, {
        redelivery: true,
        redeliveryAfterAttemptId: afterAttemptId,
      });
    },

    sendOrderConfirmationEmail(orderid: string, requestedAt: number): Promise<ConfirmationEmailResult> {
      return withFailureClassification(() => deps.confirmations.send(orderid, new Date(requestedAt)));
    },
  };
}

/** One attempt; a notification row that does not exist can never be sent, so it is not retried. */
async function attemptUnlessMissing(
  deps: NotificationActivityDependencies,
  notificationId: string,
  options?: DeliveryAttemptOptions,
): Promise<DeliveryOutcome> {
  try {
    return await deps.notifications.attempt(notificationId, options);
  } catch (error) {
    // Retrying would stall the order's queue behind a notification that will never exist.
    if (error instanceof NotificationNotFoundError) return { kind: 'no-callback' };
    throw error;
  }
}

export type NotificationActivities = ReturnType<typeof createNotificationActivities>;
