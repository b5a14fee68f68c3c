import 'reflect-metadata';
import { Runtime } from '@temporalio/worker';
import { loadConfig } from '../../../libs/config/app-config';
import { createAppLogger } from '../../../libs/logging/app-logger';
import { createOrderWorkerRuntime } from './order-worker.runtime';
import { TemporalPinoLogger } from './temporal-pino.logger';
import { startWorkerMetricsServer } from './worker-metrics.server';
import { workerTelemetryOptions } from './worker-telemetry';

/** The worker process: no API port (metrics only); drains its running activities on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createAppLogger({ ...config.logging, service: 'worker' });
  // The SDK's own lines (worker, workflows, activities) become JSON lines of the same logger.
  Runtime.install({
    logger: new TemporalPinoLogger(logger),
    telemetryOptions: workerTelemetryOptions(config.metrics),
  });
  const runtime = await createOrderWorkerRuntime(config, logger);
  const metricsServer =
    config.metrics.workerAppPort === 0
      ? null
      : await startWorkerMetricsServer(runtime.metrics, config.metrics.workerAppPort);
  logger.info(
    { taskQueue: config.temporal.taskQueue, temporal: config.temporal.address },
    'Worker polling its task queues',
  );
  // The SDK installs SIGTERM/SIGINT handlers that shut the workers down; run() resolves once drained.
  await runtime.run();
  await metricsServer?.close();
  await runtime.close();
}

main().catch((error: unknown) => {
  createAppLogger({ level: 'info', service: 'worker' }).fatal({ err: error }, 'Worker failed');
  process.exit(1);
});
