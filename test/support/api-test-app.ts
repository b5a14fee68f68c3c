import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { type DestinationStream } from 'pino';
import { type DataSource } from 'typeorm';
import { createApiApp } from '@apps/api/src/api-app.factory';
import { RouteCatalog } from '@apps/api/src/http/route-catalog';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { type OrderWorkflowGateway } from '@libs/orders/refresh/order-workflow-gateway';
import { UnstartedOrderSweep } from '@libs/orders/workflow-starts/unstarted-order-sweep';
import { type OrderWorkflowStarter } from '@libs/orders/workflow-starts/order-workflow-starter';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { type SecurityServices, createSecurityServices } from '@libs/security/security-services.factory';
import { createNotificationWorkflowStarters } from '@libs/notifications/notification-workflow-starters';
import { orderProcessingSettings } from '@libs/orders/workflow-starts/order-processing-settings';
import { TemporalOrderWorkflowGateway } from '@libs/orders/refresh/temporal-order-workflow.gateway';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { EncryptionPayloadCodec } from '@libs/platform/temporal/encryption-payload.codec';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { TEST_VAR_DIR } from './test-environment';

export interface ApiTestApp {
  baseUrl: string;
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  temporal: Client;
  /** The store the API writes uploads to and reads pre-statements from (at config.storage.documentsDir). */
  documentStore: DocumentStore;
  /** The routes the application serves, read from its router (security matrices, fuzzing). */
  routes: RouteCatalog;
  /** The API's recovery sweep of unstarted orders; tests run a pass with `sweep.sweep()`. */
  sweep: UnstartedOrderSweep;
  close(): Promise<void>;
}

/**
 * The real API on an ephemeral loopback port, against the suite's PostgreSQL and Temporal.
 * Each test file gets its own task queue so workflows of different files never meet.
 */
export async function startApiTestApp(
  options: {
    env?: Record<string, string>;
    workflowStarter?: (client: Client, config: AppConfig) => OrderWorkflowStarter;
    workflowGateway?: (client: Client, config: AppConfig) => OrderWorkflowGateway;
    /** Where the API's JSON log lines go (stdout by default), for tests that read them. */
    logDestination?: DestinationStream;
  } = {},
): Promise<ApiTestApp> {
  // Each app writes documents to its own temporary directory unless the test gives DOCUMENTS_DIR.
  const documentsDir = path.join(TEST_VAR_DIR, 'documents', randomUUID());
  const config = loadConfig({ ...process.env, PORT: '0', DOCUMENTS_DIR: documentsDir, ...options.env });
  const dataSource = await createDataSource(config.database).initialize();
  // Lazy like the production API: a dead Temporal shows in /health and as 503s, not at start.
  const connection = Connection.lazy({ address: config.temporal.address });
  const temporal = new Client({
    connection,
    namespace: config.temporal.namespace,
    dataConverter: {
      payloadCodecs: [EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys)],
    },
  });
  const security = createSecurityServices(config.security);
  const documentStore = new FilesystemDocumentStore(config.storage.documentsDir);
  const app = await createApiApp({
    config,
    dataSource,
    temporalConnection: connection,
    workflowStarter: options.workflowStarter
      ? options.workflowStarter(temporal, config)
      : new TemporalOrderWorkflowStarter(
          temporal,
          config.temporal.taskQueue,
          orderProcessingSettings(config.lifecycle, config.extranet),
        ),
    workflowGateway: options.workflowGateway
      ? options.workflowGateway(temporal, config)
      : new TemporalOrderWorkflowGateway(temporal),
    documentStore,
    security,
    logger: createAppLogger({ ...config.logging, service: 'api', destination: options.logDestination }),
    ...createNotificationWorkflowStarters(temporal, config),
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    dataSource,
    security,
    temporal,
    documentStore,
    routes: RouteCatalog.fromExpress(
      app.getHttpAdapter().getInstance() as Parameters<typeof RouteCatalog.fromExpress>[0],
    ),
    sweep: app.get(UnstartedOrderSweep),
    async close() {
      await app.close();
      await connection.close();
      await dataSource.destroy();
    },
  };
}
