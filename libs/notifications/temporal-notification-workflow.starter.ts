import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  NOTIFICATION_IDS_HELD_PER_QUEUE,
  NOTIFICATION_QUEUED_SIGNAL,
  NOTIFICATION_RETRY_NOW_SIGNAL,
  NOTIFICATION_REDELIVERY_WORKFLOW_TYPE,
  type NotificationRedeliveryWorkflowInput,
  ORDER_NOTIFICATIONS_WORKFLOW_TYPE,
  type OrderNotificationsWorkflowInput,
  notificationRedeliveryWorkflowId,
  notificationTaskQueue,
  orderNotificationsWorkflowId,
} from './notification-workflow.contract';
import { type AppConfig } from '@libs/platform/config/app-config';
import { ORDER_SEARCH_ATTRIBUTES } from '@libs/orders/search-attributes';
import {
  type NotificationWorkflowStarter,
  type NotificationWorkflowTarget,
} from './notification-workflow-starter';

export class TemporalNotificationWorkflowStarter implements NotificationWorkflowStarter {
  /** Notification queues and redeliveries on their task queue, with the configuration's schedule. */
  static fromConfig(client: Client, config: Pick<AppConfig, 'temporal' | 'lifecycle'>) {
    const { lifecycle } = config;
    return new TemporalNotificationWorkflowStarter(client, notificationTaskQueue(config.temporal.taskQueue), {
      notificationRetryDelaysMs: lifecycle.notificationRetryDelaysMs,
      notificationDeadlineMs: lifecycle.notificationDeadlineMs,
      notificationQueueIdleMs: lifecycle.notificationQueueIdleMs,
      retryAfterLengthensOnly: true,
    });
  }

  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly settings: OrderNotificationsWorkflowInput['settings'],
  ) {}

  async enqueue(target: NotificationWorkflowTarget): Promise<void> {
    const input: OrderNotificationsWorkflowInput = {
      orderid: target.orderid,
      settings: this.settings,
      attemptsInBatches: true,
      carriesOnWhileBusy: true,
      idsHeldAtMost: NOTIFICATION_IDS_HELD_PER_QUEUE,
    };
    // One call whether the queue is running or not: no window where a notification finds no queue.
    await this.client.workflow.signalWithStart(ORDER_NOTIFICATIONS_WORKFLOW_TYPE, {
      taskQueue: this.taskQueue,
      workflowId: orderNotificationsWorkflowId(target.orderid),
      args: [input],
      signal: NOTIFICATION_QUEUED_SIGNAL,
      signalArgs: [target.notificationId],
      typedSearchAttributes: searchAttributes(target),
    });
  }

  async startRedelivery(target: NotificationWorkflowTarget, afterAttemptId: string): Promise<void> {
    const { notificationRetryDelaysMs, notificationDeadlineMs, retryAfterLengthensOnly } = this.settings;
    const input: NotificationRedeliveryWorkflowInput = {
      notificationId: target.notificationId,
      orderid: target.orderid,
      afterAttemptId,
      settings: { notificationRetryDelaysMs, notificationDeadlineMs, retryAfterLengthensOnly },
    };
    await this.client.workflow.start(NOTIFICATION_REDELIVERY_WORKFLOW_TYPE, {
      taskQueue: this.taskQueue,
      // One redelivery per notification at a time: asking again replaces one still retrying.
      workflowId: notificationRedeliveryWorkflowId(target.notificationId),
      args: [input],
      workflowIdConflictPolicy: 'TERMINATE_EXISTING',
      typedSearchAttributes: searchAttributes(target),
    });
  }

  async retryQueueNow(orderid: string): Promise<boolean> {
    try {
      await this.client.workflow
        .getHandle(orderNotificationsWorkflowId(orderid))
        .signal(NOTIFICATION_RETRY_NOW_SIGNAL);
      return true;
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) return false;
      throw error;
    }
  }
}

function searchAttributes(target: NotificationWorkflowTarget): TypedSearchAttributes {
  return new TypedSearchAttributes([
    { key: ORDER_SEARCH_ATTRIBUTES.orderId, value: target.orderid },
    { key: ORDER_SEARCH_ATTRIBUTES.account, value: target.account },
  ]);
}
