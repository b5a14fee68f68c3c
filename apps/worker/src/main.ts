import 'reflect-metadata';
import { loadConfig } from '../../../libs/config/app-config';
import { createDataSource } from '../../../libs/persistence/data-source.factory';
import { createOrderWorker } from './order-worker.factory';

/** The worker process: no HTTP port; drains its running activities on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const dataSource = await createDataSource(config.database).initialize();
  const { worker, connection } = await createOrderWorker({
    temporal: config.temporal,
    activities: {},
    workflowBundlePath: config.temporal.workflowBundlePath,
  });
  console.log(`Worker polling task queue ${config.temporal.taskQueue} on ${config.temporal.address}`);
  // The SDK installs SIGTERM/SIGINT handlers that call worker.shutdown(); run() resolves once drained.
  await worker.run();
  await connection.close();
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
