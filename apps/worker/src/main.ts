import 'reflect-metadata';
import { Runtime } from '@temporalio/worker';
import { loadConfig } from '@libs/platform/config/app-config';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { skipBaselineCompiler } from '@libs/platform/runtime/baseline-compiler';
import { useSmallBufferPool } from '@libs/platform/runtime/buffer-pool';
import { type WorkerRuntime, WorkerStartAbortedError, createWorkerRuntime } from './worker.composition';
import { TemporalPinoLogger } from './temporal-pino.logger';
import { startWorkerMetricsServer } from './worker-metrics.server';
import { workerTelemetryOptions } from './worker-telemetry';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** The worker process: no API port (metrics only); drains its running activities on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  skipBaselineCompiler();
  useSmallBufferPool();
  const config = loadConfig();
  const logger = createAppLogger({ ...config.logging, service: 'worker' });
  // The SDK's own lines (worker, workflows, activities) become JSON lines of the same logger.
  Runtime.install({
    logger: new TemporalPinoLogger(logger),
    telemetryOptions: workerTelemetryOptions(config.metrics),
  });
  // Until the workers exist, a stop request ends the wait for Temporal; then the SDK takes over.
  const stopping = new AbortController();
  const stop = () => stopping.abort();
  for (const signal of SHUTDOWN_SIGNALS) process.once(signal, stop);
  let runtime: WorkerRuntime;
  try {
    runtime = await createWorkerRuntime(config, logger, stopping.signal);
  } catch (error) {
    if (error instanceof WorkerStartAbortedError) {
      logger.info('Worker stopped before it could connect to Temporal');
      return;
    }
    throw error;
  } finally {
    for (const signal of SHUTDOWN_SIGNALS) process.off(signal, stop);
  }
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
