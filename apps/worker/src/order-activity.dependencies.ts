import { type DataSource } from 'typeorm';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { type OrderActivityDependencies } from '@activities/order.activities';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type ExtranetCallObserver } from '@libs/extranet/extranet-call.observer';
import { ExtranetConnectorRegistry } from '@libs/extranet/extranet-connector.registry';
import { AccountRepository } from '@libs/accounts/account.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderCollectionService } from '@libs/orders/collection/order-collection.service';
import { OrderRefreshApplicationService } from '@libs/orders/refresh/order-refresh-application.service';
import { PreStatementGenerationService } from '@libs/pre-statement/pre-statement-generation.service';
import { type SecurityServices } from '@libs/security/security-services.factory';

/**
 * The extranet connectors of the worker: the sandbox for test mode, a live order's `syndic.url` through
 * the outbound address policy. Dedicated adapters are registered here (`.register({...})`).
 */
export function createExtranetConnectors(
  config: AppConfig,
  /** Extranet call latency and errors (the worker's metrics). */
  observer?: ExtranetCallObserver,
): ExtranetConnectorRegistry {
  return new ExtranetConnectorRegistry({
    sandboxBaseUrl: config.extranet.sandboxBaseUrl,
    policy: config.outbound,
    requestTimeoutMs: config.extranet.requestTimeoutMs,
    observer,
  });
}

/** Builds the services the order activities adapt; shared by the worker process and the tests. */
export function createOrderActivityDependencies(options: {
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  documentStore: DocumentStore;
  notificationQueue: OrderActivityDependencies['notificationQueue'];
  connectors: ExtranetConnectorRegistry;
}): OrderActivityDependencies {
  const { dataSource, security, documentStore, connectors } = options;
  const orders = new OrderRepository(dataSource);
  const documents = new StoredDocumentRepository(dataSource);
  return {
    orders,
    collection: new OrderCollectionService(orders, documents, connectors, documentStore, security.secretBox),
    refreshes: new OrderRefreshApplicationService(
      new TransactionRunner(dataSource),
      orders,
      new OrderRefreshRequestRepository(dataSource),
      documents,
      new AccountRepository(dataSource),
    ),
    preStatements: new PreStatementGenerationService(
      orders,
      documents,
      new PreStatementRepository(dataSource),
      documentStore,
    ),
    notificationQueue: options.notificationQueue,
  };
}
