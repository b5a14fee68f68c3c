import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../../../libs/config/app-config';
import { FilesystemDocumentStore } from '../../../libs/documents/filesystem-document.store';
import { createDataSource } from '../../../libs/persistence/data-source.factory';
import { createSecurityServices } from '../../../libs/security/security-services.factory';
import { orderProcessingSettings } from '../../../libs/temporal/order-processing-settings';
import { TemporalOrderWorkflowGateway } from '../../../libs/temporal/temporal-order-workflow.gateway';
import { TemporalOrderWorkflowStarter } from '../../../libs/temporal/temporal-order-workflow.starter';
import { createApiApp } from './api-app.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const dataSource = await createDataSource(config.database).initialize();
  // Lazy: the API starts (and /health says 503) even while Temporal is still coming up.
  const temporalConnection = Connection.lazy({ address: config.temporal.address });
  const client = new Client({ connection: temporalConnection, namespace: config.temporal.namespace });
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
  });
  await app.listen(config.http.port, config.http.host);
  Logger.log(`API listening on ${config.http.publicBaseUrl}`, 'Bootstrap');
  const shutdown = async () => {
    await app.close();
    await temporalConnection.close();
    await dataSource.destroy();
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
