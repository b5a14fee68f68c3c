import 'reflect-metadata';
import { loadConfig } from '../../../libs/config/app-config';
import { createOrderWorkerRuntime } from './order-worker.runtime';

/** The worker process: no HTTP port; drains its running activities on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createOrderWorkerRuntime(config);
  console.log(`Worker polling task queue ${config.temporal.taskQueue} on ${config.temporal.address}`);
  // The SDK installs SIGTERM/SIGINT handlers that call worker.shutdown(); run() resolves once drained.
  await runtime.worker.run();
  await runtime.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
