import { type Client } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  CONFIRMATION_EMAIL_WORKFLOW_TYPE,
  type ConfirmationEmailWorkflowInput,
  confirmationEmailWorkflowId,
} from '@libs/notifications/notification-workflow.contract';
import { ORDER_SEARCH_ATTRIBUTES } from '../search-attributes';
import { type ConfirmationEmailStarter } from './confirmation-email-starter';
import { type AppConfig } from '@libs/platform/config/app-config';
import { startWorkflowOnce } from '@libs/platform/temporal/start-workflow-once';

export class TemporalConfirmationEmailStarter implements ConfirmationEmailStarter {
  /** On the orders' task queue; SMTP outages retried until the notification deadline. */
  static fromConfig(client: Client, config: Pick<AppConfig, 'temporal' | 'lifecycle'>) {
    return new TemporalConfirmationEmailStarter(
      client,
      config.temporal.taskQueue,
      config.lifecycle.notificationDeadlineMs,
    );
  }

  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    /** Retries of an SMTP outage stop after this long (the notification deadline). */
    private readonly deadlineMs: number,
  ) {}

  async start(request: { orderid: string; account: string; requestedAt: Date }): Promise<void> {
    const input: ConfirmationEmailWorkflowInput = {
      orderid: request.orderid,
      requestedAt: request.requestedAt.getTime(),
      deadlineMs: this.deadlineMs,
    };
    // Once per order: a repeated start (relay, then sweep) never sends a second email.
    await startWorkflowOnce(this.client, CONFIRMATION_EMAIL_WORKFLOW_TYPE, {
      taskQueue: this.taskQueue,
      workflowId: confirmationEmailWorkflowId(request.orderid),
      args: [input],
      typedSearchAttributes: new TypedSearchAttributes([
        { key: ORDER_SEARCH_ATTRIBUTES.orderId, value: request.orderid },
        { key: ORDER_SEARCH_ATTRIBUTES.account, value: request.account },
      ]),
    });
  }
}
