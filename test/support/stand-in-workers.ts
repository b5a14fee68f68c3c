import { NativeConnection, type Worker } from '@temporalio/worker';
import { type OrderActivityDependencies } from '@activities/order.activities';
import { createTaskQueueWorkers } from '@apps/worker/src/worker.composition';
import { type AppConfig } from '@libs/platform/config/app-config';
import { standInActivities } from './stand-in-activities';

export interface StandInWorkers {
  connection: NativeConnection;
  stop(): Promise<void>;
}

/**
 * The service's workers, the real workflows on the suite's Temporal server, running the service's
 * activities over the order side's dependencies a test plays (`standInActivities`); the order's
 * notifications are queued nowhere.
 */
export async function runStandInWorkers(
  config: AppConfig,
  order: Omit<Parameters<typeof standInActivities>[0], 'notificationQueue'>,
): Promise<StandInWorkers> {
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const activities = standInActivities({
    ...order,
    notificationQueue: {
      enqueue: async () => undefined,
    } as unknown as OrderActivityDependencies['notificationQueue'],
  });
  const workers: Worker[] = await createTaskQueueWorkers(config, connection, activities);
  const running = Promise.all(workers.map((worker) => worker.run()));
  return {
    connection,
    async stop() {
      for (const worker of workers) worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
