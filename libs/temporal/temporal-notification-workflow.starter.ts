import { type Client } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { type NotificationRetrySettings } from '../domain/notification-retry-schedule';
import {
  NOTIFICATION_DELIVERY_WORKFLOW_TYPE,
  type NotificationDeliveryWorkflowInput,
  notificationDeliveryWorkflowId,
  notificationRedeliveryWorkflowId,
} from '../domain/notification-workflow.contract';
import { ORDER_SEARCH_ATTRIBUTES } from '../domain/search-attributes';
import {
  type NotificationWorkflowStarter,
  type NotificationWorkflowTarget,
} from '../notifications/notification-workflow-starter';

export class TemporalNotificationWorkflowStarter implements NotificationWorkflowStarter {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly settings: NotificationRetrySettings,
  ) {}

  async startDelivery(target: NotificationWorkflowTarget): Promise<void> {
    await this.start(target, notificationDeliveryWorkflowId(target.notificationId), null);
  }

  async startRedelivery(target: NotificationWorkflowTarget, afterAttemptId: string): Promise<void> {
    // One redelivery per notification at a time: asking again replaces one still retrying.
    await this.start(target, notificationRedeliveryWorkflowId(target.notificationId), { afterAttemptId });
  }

  private async start(
    target: NotificationWorkflowTarget,
    workflowId: string,
    redelivery: NotificationDeliveryWorkflowInput['redelivery'],
  ): Promise<void> {
    const input: NotificationDeliveryWorkflowInput = {
      notificationId: target.notificationId,
      redelivery,
      settings: this.settings,
    };
    await this.client.workflow.start(NOTIFICATION_DELIVERY_WORKFLOW_TYPE, {
      taskQueue: this.taskQueue,
      workflowId,
      args: [input],
      workflowIdConflictPolicy: 'TERMINATE_EXISTING',
      typedSearchAttributes: new TypedSearchAttributes([
        { key: ORDER_SEARCH_ATTRIBUTES.orderId, value: target.orderid },
        { key: ORDER_SEARCH_ATTRIBUTES.account, value: target.account },
      ]),
    });
  }
}
