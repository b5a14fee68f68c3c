import { continueAsNew } from '@temporalio/workflow';
import {
  type NotificationDeliveryResult,
  type NotificationRedeliveryWorkflowInput,
} from '@libs/notifications/notification-workflow.contract';
import { deliverUntilSettled, notificationAttempts } from './notification-delivery-loop';

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
  if (typeof result === 'string') return result;
  return continueAsNew<typeof notificationRedeliveryWorkflow>({ ...input, carried: result.continueAsNew });
}
