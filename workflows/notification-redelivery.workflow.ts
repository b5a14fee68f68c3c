import { continueAsNew, getExternalWorkflowHandle } from '@temporalio/workflow';
import {
  type NotificationDeliveryResult,
  type NotificationRedeliveryWorkflowInput,
  orderNotificationsWorkflowId,
} from '@libs/notifications/notification-workflow.contract';
import { deliverUntilSettled, notificationAttempts } from './notification-delivery-loop';
import { notificationSettledSignal } from './order-notifications.workflow';

/**
 * Sends one notification again, asked through the API, outside its order's queue: now, with the same
 * `webhook-id`, then on the usual retry schedule.
 */
export async function notificationRedeliveryWorkflow(
  input: NotificationRedeliveryWorkflowInput,
): Promise<NotificationDeliveryResult> {
  const { notificationId, afterAttemptId, settings } = input;
  const result = await deliverUntilSettled(
    notificationId,
    () => notificationAttempts.redeliverNotification(notificationId, afterAttemptId),
    settings,
    input.carried ?? null,
  );
  if (typeof result !== 'string') {
    return continueAsNew<typeof notificationRedeliveryWorkflow>({ ...input, carried: result.continueAsNew });
  }
  if (input.orderid !== undefined && (result === 'delivered' || result === 'gone')) {
    // The order's later notifications may be waiting behind this one, in its queue's retry delay.
    await getExternalWorkflowHandle(orderNotificationsWorkflowId(input.orderid))
      .signal(notificationSettledSignal, notificationId)
      // A queue that closed (idle) has nothing waiting.
      .catch(() => undefined);
  }
  return result;
}
