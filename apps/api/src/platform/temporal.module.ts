import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type Client, type Connection } from '@temporalio/client';
import { type FulfilmentGateway } from '@libs/fulfilment/fulfilment-gateway';
import { TemporalFulfilmentGateway } from '@libs/fulfilment/temporal-fulfilment.gateway';
import { type NotificationWorkflowStarter } from '@libs/notifications/notification-workflow-starter';
import { TemporalNotificationWorkflowStarter } from '@libs/notifications/temporal-notification-workflow.starter';
import { type ConfirmationEmailStarter } from '@libs/orders/confirmation-email/confirmation-email-starter';
import { TemporalConfirmationEmailStarter } from '@libs/orders/confirmation-email/temporal-confirmation-email.starter';
import { type OrderWorkflowGateway } from '@libs/orders/refresh/order-workflow-gateway';
import { TemporalOrderWorkflowGateway } from '@libs/orders/refresh/temporal-order-workflow.gateway';
import { type OrderWorkflowStarter } from '@libs/orders/workflow-starts/order-workflow-starter';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { type AppConfig } from '@libs/platform/config/app-config';
import { createTemporalClient } from '@libs/platform/temporal/temporal-client';
import { lazyTemporalConnection } from '@libs/platform/temporal/temporal-connection';
import { APP_CONFIG } from './config.module';
import { token } from './injection';

export const TEMPORAL_CONNECTION = token<Connection>('TEMPORAL_CONNECTION');
export const TEMPORAL_CLIENT = token<Client>('TEMPORAL_CLIENT');
/** Order workflows, started after the order's commit by the relay (or the recovery sweep). */
export const ORDER_WORKFLOW_STARTER = token<OrderWorkflowStarter>('ORDER_WORKFLOW_STARTER');
/** Refresh updates and upload signals to running order workflows. */
export const ORDER_WORKFLOW_GATEWAY = token<OrderWorkflowGateway>('ORDER_WORKFLOW_GATEWAY');
/** Operators' actions: updates to order workflows (assisted fulfilment). */
export const FULFILMENT_GATEWAY = token<FulfilmentGateway>('FULFILMENT_GATEWAY');
/** Redeliveries and test events: notifications handed to their order's queue workflow. */
export const NOTIFICATION_WORKFLOW_STARTER = token<NotificationWorkflowStarter>(
  'NOTIFICATION_WORKFLOW_STARTER',
);
/** Live orders' confirmation emails. */
export const CONFIRMATION_EMAIL_STARTER = token<ConfirmationEmailStarter>('CONFIRMATION_EMAIL_STARTER');

/** Temporal, as the API uses it: one lazy connection, one encrypting client, and the starters over it. */
@Global()
@Module({
  providers: [
    {
      provide: TEMPORAL_CONNECTION,
      useFactory: (config: AppConfig) =>
        lazyTemporalConnection(config.temporal.address, config.temporal.clientMaxAttempts),
      inject: [APP_CONFIG],
    },
    {
      provide: TEMPORAL_CLIENT,
      useFactory: createTemporalClient,
      inject: [TEMPORAL_CONNECTION, APP_CONFIG],
    },
    {
      provide: ORDER_WORKFLOW_STARTER,
      useFactory: TemporalOrderWorkflowStarter.fromConfig,
      inject: [TEMPORAL_CLIENT, APP_CONFIG],
    },
    {
      provide: ORDER_WORKFLOW_GATEWAY,
      useFactory: (client: Client) => new TemporalOrderWorkflowGateway(client),
      inject: [TEMPORAL_CLIENT],
    },
    {
      provide: FULFILMENT_GATEWAY,
      useFactory: (client: Client) => new TemporalFulfilmentGateway(client),
      inject: [TEMPORAL_CLIENT],
    },
    {
      provide: NOTIFICATION_WORKFLOW_STARTER,
      useFactory: TemporalNotificationWorkflowStarter.fromConfig,
      inject: [TEMPORAL_CLIENT, APP_CONFIG],
    },
    {
      provide: CONFIRMATION_EMAIL_STARTER,
      useFactory: TemporalConfirmationEmailStarter.fromConfig,
      inject: [TEMPORAL_CLIENT, APP_CONFIG],
    },
  ],
  exports: [
    TEMPORAL_CONNECTION,
    TEMPORAL_CLIENT,
    ORDER_WORKFLOW_STARTER,
    ORDER_WORKFLOW_GATEWAY,
    FULFILMENT_GATEWAY,
    NOTIFICATION_WORKFLOW_STARTER,
    CONFIRMATION_EMAIL_STARTER,
  ],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(TEMPORAL_CONNECTION) private readonly connection: Connection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}
