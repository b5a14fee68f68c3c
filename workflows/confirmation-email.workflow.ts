import { proxyActivities } from '@temporalio/workflow';
import type { NotificationActivities } from '@activities/notification.activities';
import { type ConfirmationEmailWorkflowInput } from '@libs/notifications/notification-workflow.contract';

type ConfirmationEmailResult = Awaited<ReturnType<NotificationActivities['sendOrderConfirmationEmail']>>;

/**
 * Sends a live order's confirmation email, durably: an SMTP outage is retried with backoff until the
 * deadline, after which the workflow fails where operators see it.
 */
export async function confirmationEmailWorkflow(
  input: ConfirmationEmailWorkflowInput,
): Promise<ConfirmationEmailResult> {
  const mail = proxyActivities<NotificationActivities>({
    startToCloseTimeout: '1m',
    scheduleToCloseTimeout: input.deadlineMs,
    retry: { initialInterval: '5s', backoffCoefficient: 2, maximumInterval: '30m' },
  });
  return mail.sendOrderConfirmationEmail(input.orderid, input.requestedAt);
}
