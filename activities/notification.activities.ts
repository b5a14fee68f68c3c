import { ApplicationFailure } from '@temporalio/activity';
import {
  type ConfirmationEmailResult,
  OrderNotVisibleYetError,
} from '../libs/mail/order-confirmation-mail.service';
import { type DeliveryOutcome } from '../libs/notifications/delivery-outcome';
import { type DeliveryAttemptOptions } from '../libs/notifications/notification-delivery.service';

export interface NotificationActivityDependencies {
  notifications: {
    attempt(notificationId: string, options?: DeliveryAttemptOptions): Promise<DeliveryOutcome>;
    markFailed(notificationId: string, reason: string): Promise<void>;
  };
  confirmations: {
    send(orderid: string, requestedAt: Date): Promise<ConfirmationEmailResult>;
  };
}

/** Activities of the notification queue, redelivery and confirmation email workflows. */
export function createNotificationActivities(deps: NotificationActivityDependencies) {
  return {
    /** One attempt; a notification already delivered or given up is not sent again. */
    async deliverNotification(notificationId: string): Promise<DeliveryOutcome> {
      try {
        return await deps.notifications.attempt(notificationId);
      } catch (error) {
        // A notification row that does not exist can never be sent: retrying would stall the queue.
        if ((error as { code?: string }).code === 'notification_not_found') return { kind: 'no-callback' };
        throw error;
      }
    },

    async markNotificationFailed(notificationId: string, reason: string): Promise<void> {
      await deps.notifications.markFailed(notificationId, reason);
    },

    /** Sends again with the same `webhook-id`, unless this redelivery already went through. */
    async redeliverNotification(notificationId: string, afterAttemptId: string): Promise<DeliveryOutcome> {
      try {
        return await deps.notifications.attempt(notificationId, {
          redelivery: true,
          redeliveryAfterAttemptId: afterAttemptId,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'notification_not_found') return { kind: 'no-callback' };
        throw error;
      }
    },

    async sendOrderConfirmationEmail(orderid: string, requestedAt: number): Promise<ConfirmationEmailResult> {
      try {
        return await deps.confirmations.send(orderid, new Date(requestedAt));
      } catch (error) {
        // Retried quickly: the order's creation commits right after the workflow was started.
        if (error instanceof OrderNotVisibleYetError) {
          throw ApplicationFailure.retryable(error.message, 'OrderNotVisibleYet');
        }
        throw error;
      }
    },
  };
}

export type NotificationActivities = ReturnType<typeof createNotificationActivities>;
