import { type Client } from '@temporalio/client';
import { type AppConfig } from '@libs/platform/config/app-config';
import { notificationTaskQueue } from './notification-workflow.contract';
import { type NotificationWorkflowStarter } from './notification-workflow-starter';
import { type ConfirmationEmailStarter } from '@libs/orders/confirmation-email/confirmation-email-starter';
import { TemporalConfirmationEmailStarter } from '@libs/orders/confirmation-email/temporal-confirmation-email.starter';
import { TemporalNotificationWorkflowStarter } from './temporal-notification-workflow.starter';

export interface NotificationWorkflowStarters {
  notificationWorkflows: NotificationWorkflowStarter;
  confirmationEmails: ConfirmationEmailStarter;
}

/** Starts the notification workflows; the API (test events, redeliveries) and the worker use it. */
export function createNotificationWorkflowStarter(
  client: Client,
  config: Pick<AppConfig, 'temporal' | 'lifecycle'>,
): NotificationWorkflowStarter {
  const { lifecycle } = config;
  return new TemporalNotificationWorkflowStarter(client, notificationTaskQueue(config.temporal.taskQueue), {
    notificationRetryDelaysMs: lifecycle.notificationRetryDelaysMs,
    notificationDeadlineMs: lifecycle.notificationDeadlineMs,
    notificationQueueIdleMs: lifecycle.notificationQueueIdleMs,
  });
}

/** The API's starters of notification and confirmation email workflows, from its configuration. */
export function createNotificationWorkflowStarters(
  client: Client,
  config: Pick<AppConfig, 'temporal' | 'lifecycle'>,
): NotificationWorkflowStarters {
  const { taskQueue } = config.temporal;
  return {
    notificationWorkflows: createNotificationWorkflowStarter(client, config),
    confirmationEmails: new TemporalConfirmationEmailStarter(
      client,
      taskQueue,
      config.lifecycle.notificationDeadlineMs,
    ),
  };
}
