import { type AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { type DataSource } from 'typeorm';
import { createApiApp } from '../../apps/api/src/api-app.factory';
import { type AppConfig, loadConfig } from '../../libs/config/app-config';
import { type OrderWorkflowStarter } from '../../libs/orders/order-workflow-starter';
import { createDataSource } from '../../libs/persistence/data-source.factory';
import { type SecurityServices, createSecurityServices } from '../../libs/security/security-services.factory';
import { orderProcessingSettings } from '../../libs/temporal/order-processing-settings';
import { TemporalOrderWorkflowStarter } from '../../libs/temporal/temporal-order-workflow.starter';

export interface ApiTestApp {
  baseUrl: string;
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  temporal: Client;
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
  } = {},
): Promise<ApiTestApp> {
  const config = loadConfig({ ...process.env, PORT: '0', ...options.env });
  const dataSource = await createDataSource(config.database).initialize();
  // Lazy like the production API: a dead Temporal shows in /health and as 503s, not at start.
  const connection = Connection.lazy({ address: config.temporal.address });
  const temporal = new Client({ connection, namespace: config.temporal.namespace });
  const security = createSecurityServices(config.security);
  const app = await createApiApp({
    config,
    dataSource,
    temporalConnection: connection,
    workflowStarter: options.workflowStarter
      ? options.workflowStarter(temporal, config)
      : new TemporalOrderWorkflowStarter(
          temporal,
          config.temporal.taskQueue,
          orderProcessingSettings(config.lifecycle),
        ),
    security,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    dataSource,
    security,
    temporal,
    async close() {
      await app.close();
      await connection.close();
      await dataSource.destroy();
    },
  };
}
