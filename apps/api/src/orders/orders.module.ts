import { Module } from '@nestjs/common';
import { OrderCreationService } from '@libs/orders/creation/order-creation.service';
import { IdempotencyKeyRepository } from '@libs/orders/creation/idempotency-key.repository';
import { OrderDocumentUploadService } from '@libs/orders/documents/order-document-upload.service';
import { PreStatementDownloadService } from '@libs/orders/documents/pre-statement-download.service';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { OrderOwnership } from '@libs/orders/order-ownership';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderQueryService } from '@libs/orders/queries/order-query.service';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { OrderRefreshService } from '@libs/orders/refresh/order-refresh.service';
import { RefreshWindow } from '@libs/orders/refresh/refresh-window';
import { type ConfirmationEmailStarter } from '@libs/orders/confirmation-email/confirmation-email-starter';
import { DEFAULT_RELAY_OPTIONS, OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { type OrderWorkflowStarter } from '@libs/orders/workflow-starts/order-workflow-starter';
import { UnstartedOrderSweep } from '@libs/orders/workflow-starts/unstarted-order-sweep';
import { UnstartedOrderRepository } from '@libs/orders/workflow-starts/unstarted-order.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { RequestFingerprinter } from '@libs/security/request-fingerprinter';
import { SecretBox } from '@libs/security/secret-box';
import { APP_CONFIG } from '../platform/config.module';
import { RequestsInFlight } from '../platform/http/requests-in-flight';
import { construct } from '../platform/injection';
import { APP_LOGGER } from '../platform/logging/logging.module';
import { DOCUMENT_STORE } from '../platform/storage.module';
import {
  CONFIRMATION_EMAIL_STARTER,
  ORDER_WORKFLOW_GATEWAY,
  ORDER_WORKFLOW_STARTER,
} from '../platform/temporal.module';
import { OrderDocumentController } from './order-document.controller';
import { OrderRefreshController } from './order-refresh.controller';
import { OrderWorkflowStartsLifecycle } from './order-workflow-starts.lifecycle';
import { OrderController } from './order.controller';

/**
 * Orders: creation, reads, refreshes, uploads and the pre-statement download, and the start of their
 * workflows (the relay after each commit, the recovery sweep for the ones left unstarted).
 */
@Module({
  // Routes with a static `/order/<word>` path come before the `/order/:orderid` ones.
  controllers: [OrderRefreshController, OrderDocumentController, OrderController],
  providers: [
    construct(OrderOwnership, [OrderRepository]),
    construct(UploadedDocumentWriter, [StoredDocumentRepository, DOCUMENT_STORE, TransactionRunner]),
    {
      provide: OrderWorkflowRelay,
      useFactory: (
        workflows: OrderWorkflowStarter,
        emails: ConfirmationEmailStarter,
        unstarted: UnstartedOrderRepository,
        logger: AppLogger,
        config: AppConfig,
        load: RequestsInFlight,
      ) =>
        new OrderWorkflowRelay(
          workflows,
          emails,
          unstarted,
          logger,
          { ...DEFAULT_RELAY_OPTIONS, maxDeferMs: config.orderStarts.maxDeferMs },
          load,
        ),
      inject: [
        ORDER_WORKFLOW_STARTER,
        CONFIRMATION_EMAIL_STARTER,
        UnstartedOrderRepository,
        APP_LOGGER,
        APP_CONFIG,
        RequestsInFlight,
      ],
    },
    {
      provide: UnstartedOrderSweep,
      useFactory: (
        relay: OrderWorkflowRelay,
        unstarted: UnstartedOrderRepository,
        logger: AppLogger,
        config: AppConfig,
      ) => new UnstartedOrderSweep(relay, unstarted, logger, config.orderStarts),
      inject: [OrderWorkflowRelay, UnstartedOrderRepository, APP_LOGGER, APP_CONFIG],
    },
    construct(OrderWorkflowStartsLifecycle, [OrderWorkflowRelay, UnstartedOrderSweep]),
    construct(OrderCreationService, [
      TransactionRunner,
      OrderRepository,
      IdempotencyKeyRepository,
      SecretBox,
      RequestFingerprinter,
      UploadedDocumentWriter,
      OrderWorkflowRelay,
    ]),
    construct(OrderQueryService, [OrderOwnership, OrderRepository]),
    {
      provide: RefreshWindow,
      useFactory: (config: AppConfig) => new RefreshWindow(config.lifecycle.refreshWindowMs),
      inject: [APP_CONFIG],
    },
    construct(OrderRefreshService, [
      OrderOwnership,
      OrderRefreshRequestRepository,
      SecretBox,
      ORDER_WORKFLOW_GATEWAY,
      OrderWorkflowRelay,
      RefreshWindow,
    ]),
    construct(OrderDocumentUploadService, [
      OrderOwnership,
      OrderRepository,
      UploadedDocumentWriter,
      ORDER_WORKFLOW_GATEWAY,
      OrderWorkflowRelay,
      RefreshWindow,
    ]),
    construct(PreStatementDownloadService, [
      OrderOwnership,
      PreStatementRepository,
      DOCUMENT_STORE,
      StoredDocumentRepository,
    ]),
  ],
  exports: [
    OrderOwnership,
    OrderWorkflowRelay,
    UnstartedOrderSweep,
    UploadedDocumentWriter,
    PreStatementDownloadService,
  ],
})
export class OrdersModule {}
