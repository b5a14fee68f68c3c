import 'reflect-metadata';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '@libs/platform/config/app-config';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { EncryptionPayloadCodec } from '@libs/platform/temporal/encryption-payload.codec';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { createSecurityServices } from '@libs/security/security-services.factory';
import { createNotificationWorkflowStarters } from '@libs/notifications/notification-workflow-starters';
import { orderProcessingSettings } from '@libs/orders/workflow-starts/order-processing-settings';
import { TemporalOrderWorkflowGateway } from '@libs/orders/refresh/temporal-order-workflow.gateway';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { createApiApp } from './api-app.factory';
import { exitOnShutdownSignal } from './graceful-shutdown';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const logger = createAppLogger({ ...config.logging, service: 'api' });
  const dataSource = await createDataSource(config.database).initialize();
  // Lazy: the API starts (and /health says 503) even while Temporal is still coming up.
  const temporalConnection = Connection.lazy({ address: config.temporal.address });
  const client = new Client({
    connection: temporalConnection,
    namespace: config.temporal.namespace,
    // Everything sent to Temporal is encrypted (see EncryptionPayloadCodec).
    dataConverter: {
      payloadCodecs: [EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys)],
    },
  });
  const app = await createApiApp({
    config,
    dataSource,
    temporalConnection,
    workflowStarter: new TemporalOrderWorkflowStarter(
      client,
      config.temporal.taskQueue,
      orderProcessingSettings(config.lifecycle, config.extranet),
    ),
    workflowGateway: new TemporalOrderWorkflowGateway(client),
    documentStore: new FilesystemDocumentStore(config.storage.documentsDir),
    security: createSecurityServices(config.security),
    logger,
    ...createNotificationWorkflowStarters(client, config),
  });
  await app.listen(config.http.port, config.http.host);
  logger.info({ url: config.http.publicBaseUrl }, 'API listening');
  // app.close() stops accepting connections, waits for the requests in flight and runs Nest's hooks.
  exitOnShutdownSignal(async () => {
    await app.close();
    await temporalConnection.close();
    await dataSource.destroy();
  }, logger);
}

bootstrap().catch((error: unknown) => {
  // The configuration may be what failed: log with defaults, the error message names the variable.
  createAppLogger({ level: 'info', service: 'api' }).fatal({ err: error }, 'API failed to start');
  process.exit(1);
});
