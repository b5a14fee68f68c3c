import { type Client } from '@temporalio/client';
import { type AppConfig } from '../config/app-config';
import { type NotificationWorkflowStarter } from '../notifications/notification-workflow-starter';
import { type ConfirmationEmailStarter } from '../orders/confirmation-email-starter';
import { TemporalConfirmationEmailStarter } from './temporal-confirmation-email.starter';
import { TemporalNotificationWorkflowStarter } from './temporal-notification-workflow.starter';

export interface NotificationWorkflowStarters {
  notificationWorkflows: NotificationWorkflowStarter;
  confirmationEmails: ConfirmationEmailStarter;
}

/** The API's starters of notification and confirmation email workflows, from its configuration. */
export function createNotificationWorkflowStarters(
  client: Client,
  config: Pick<AppConfig, 'temporal' | 'lifecycle'>,
): NotificationWorkflowStarters {
  const { taskQueue } = config.temporal;
  return {
    notificationWorkflows: new TemporalNotificationWorkflowStarter(client, taskQueue, {
      notificationRetryDelaysMs: config.lifecycle.notificationRetryDelaysMs,
      notificationDeadlineMs: config.lifecycle.notificationDeadlineMs,
    }),
    confirmationEmails: new TemporalConfirmationEmailStarter(
      client,
      taskQueue,
      config.lifecycle.notificationDeadlineMs,
    ),
  };
}
