import { type Client } from '@temporalio/client';
import { type DataSource } from 'typeorm';
import { createOrderActivities } from '@activities/order.activities';
import { type AccountRepository } from '@libs/accounts/account.repository';
import { type ExtranetCallObserver } from '@libs/extranet/extranet-call.observer';
import { ExtranetConnectorRegistry } from '@libs/extranet/extranet-connector.registry';
import { FulfilmentRouter } from '@libs/fulfilment/fulfilment-router';
import { OperatorActionRecorder } from '@libs/fulfilment/operator-action.recorder';
import { OperatorAuditRepository } from '@libs/fulfilment/operator-audit.repository';
import { TemporalNotificationWorkflowStarter } from '@libs/notifications/temporal-notification-workflow.starter';
import { OrderCollectionService } from '@libs/orders/collection/order-collection.service';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { AbandonedAttachmentSweep } from '@libs/orders/documents/abandoned-attachment-sweep';
import { type OrderRepository } from '@libs/orders/order.repository';
import { OrderRefreshApplicationService } from '@libs/orders/refresh/order-refresh-application.service';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { PeriodicTask } from '@libs/platform/periodic-task';
import { PreStatementGenerationService } from '@libs/pre-statement/pre-statement-generation.service';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { type SecretBox } from '@libs/security/secret-box';

export interface OrderSideDependencies {
  config: AppConfig;
  dataSource: DataSource;
  orders: OrderRepository;
  documents: StoredDocumentRepository;
  accounts: AccountRepository;
  secretBox: SecretBox;
  documentStore: DocumentStore;
  /** Activities queue notifications (signal-with-start) through this client. */
  client: Client;
  extranetObserver: ExtranetCallObserver;
  logger: AppLogger;
}

export interface OrderSide {
  activities: ReturnType<typeof createOrderActivities>;
  /** Starts what the order side runs beside its activities (the sweep of abandoned attachments). */
  start(): void;
  /** Stops the sweep and closes the extranet connections, once the workers have drained. */
  close(): Promise<void>;
}

/**
 * The order task queue's activities and what only they use: the extranet connectors, the collection,
 * the pre-statement's rendering and the dossier. A module of its own, loaded only by a worker that polls
 * the order task queue, so that a notification worker never loads pdfkit, fontkit and pdf-lib (about
 * 23 MiB of a process at rest on Node 20 and Node 24), which it would keep for its life.
 */
export function composeOrderActivities(deps: OrderSideDependencies): OrderSide {
  const { config, dataSource, orders, documents, accounts, secretBox, documentStore } = deps;
  // The sandbox for test mode, a live order's `syndic.url` through the outbound address policy;
  // a syndic's dedicated adapter is registered here (`.register({ syndicNames, hosts, connector })`).
  const connectors = new ExtranetConnectorRegistry({
    sandboxBaseUrl: config.extranet.sandboxBaseUrl,
    policy: config.outbound,
    requestTimeoutMs: config.extranet.requestTimeoutMs,
    observer: deps.extranetObserver,
  });
  const attachments = new UploadedDocumentWriter(documents, documentStore, new TransactionRunner(dataSource));
  const activities = createOrderActivities({
    orders,
    collection: new OrderCollectionService(orders, documents, connectors, documentStore, secretBox),
    refreshes: new OrderRefreshApplicationService(
      new TransactionRunner(dataSource),
      orders,
      new OrderRefreshRequestRepository(dataSource),
      documents,
      accounts,
      attachments,
    ),
    preStatements: new PreStatementGenerationService(
      orders,
      documents,
      new PreStatementRepository(dataSource),
      documentStore,
    ),
    notificationQueue: TemporalNotificationWorkflowStarter.fromConfig(deps.client, config),
    fulfilment: new FulfilmentRouter(new TransactionRunner(dataSource), orders, connectors),
    operatorActions: new OperatorActionRecorder(
      new TransactionRunner(dataSource),
      orders,
      documents,
      new OperatorAuditRepository(dataSource),
    ),
  });
  const abandoned = new AbandonedAttachmentSweep(attachments, deps.logger, {
    graceMs: config.storage.abandonedAttachmentGraceMs,
  });
  const sweep = new PeriodicTask(() => abandoned.pass(), config.storage.abandonedAttachmentSweepIntervalMs);
  return {
    activities,
    start: () => sweep.start(),
    async close() {
      await sweep.stop();
      await connectors.close();
    },
  };
}
