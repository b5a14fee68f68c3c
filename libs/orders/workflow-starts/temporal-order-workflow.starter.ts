import { type Client } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  ORDER_WORKFLOW_TYPE,
  type OrderProcessingSettings,
  type OrderWorkflowInput,
} from '../order-workflow.contract';
import { orderWorkflowId } from '../order-id';
import { type OrderWorkflowStarter } from './order-workflow-starter';
import { ORDER_SEARCH_ATTRIBUTES } from '../search-attributes';
import { type AppConfig } from '@libs/platform/config/app-config';
import { orderProcessingSettings } from './order-processing-settings';
import { WORKFLOW_START_TIMEOUT_MS, startWorkflowOnce } from '@libs/platform/temporal/start-workflow-once';

export class TemporalOrderWorkflowStarter implements OrderWorkflowStarter {
  /** Order workflows on the configured task queue, with the lifecycle's durations of the configuration. */
  static fromConfig(client: Client, config: Pick<AppConfig, 'temporal' | 'lifecycle' | 'extranet'>) {
    return new TemporalOrderWorkflowStarter(
      client,
      config.temporal.taskQueue,
      orderProcessingSettings(config.lifecycle, config.extranet),
    );
  }

  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly settings: OrderProcessingSettings,
    private readonly startTimeoutMs = WORKFLOW_START_TIMEOUT_MS,
  ) {}

  async start(
    order: Omit<
      OrderWorkflowInput,
      | 'settings'
      | 'carried'
      | 'queuesConfirmedNotification'
      | 'routesFulfilment'
      | 'keepsEarlyUploads'
      | 'boundsWaitingPolls'
      | 'localStepsTakeTurns'
    >,
  ): Promise<void> {
    const input: OrderWorkflowInput = {
      ...order,
      settings: this.settings,
      queuesConfirmedNotification: true,
      routesFulfilment: true,
      keepsEarlyUploads: true,
      boundsWaitingPolls: true,
      localStepsTakeTurns: true,
    };
    await startWorkflowOnce(
      this.client,
      ORDER_WORKFLOW_TYPE,
      {
        taskQueue: this.taskQueue,
        workflowId: orderWorkflowId(input.orderid),
        args: [input],
        typedSearchAttributes: new TypedSearchAttributes([
          { key: ORDER_SEARCH_ATTRIBUTES.orderId, value: input.orderid },
          { key: ORDER_SEARCH_ATTRIBUTES.account, value: input.account },
          { key: ORDER_SEARCH_ATTRIBUTES.externalId, value: input.externalId },
          { key: ORDER_SEARCH_ATTRIBUTES.orderState, value: 'confirmed' },
          { key: ORDER_SEARCH_ATTRIBUTES.testMode, value: input.testMode },
        ]),
      },
      this.startTimeoutMs,
    );
  }
}
