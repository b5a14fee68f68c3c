import { randomUUID } from 'node:crypto';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { type OrderActivityDependencies } from '@activities/order.activities';
import { createTaskQueueWorkers } from '@apps/worker/src/worker.composition';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { TemporalNotificationWorkflowStarter } from '@libs/notifications/temporal-notification-workflow.starter';
import { loadConfig } from '@libs/platform/config/app-config';
import { skipBaselineCompiler } from '@libs/platform/runtime/baseline-compiler';
import { useSmallBufferPool } from '@libs/platform/runtime/buffer-pool';
import { createTemporalClient } from '@libs/platform/temporal/temporal-client';
import { standInActivities } from '../support/stand-in-activities';

/**
 * The benchmark's floor: the order and notification workers exactly as the service runs them (the same
 * workflow bundle, worker options and activity adapters), over dependencies that do nothing. What it
 * still does is Temporal's part of an order: workflow tasks, activities and local activities, the
 * transitions' search attributes, the per-order notification queue (signal-with-start) and its
 * deliveries. The service's orders/s divided by this one's is how much of an order's cost is its own.
 */

/** As many documents as a sandbox co-ownership lists, so the downloads heartbeat as often. */
const LISTED: ExtranetDocument[] = Array.from({ length: 8 }, (_, i) => ({
  id: `doc-${i}`,
  doctype: 1,
  kind: 'summary-sheet',
  title: `Document ${i}`,
  date: '2025-01-01',
  mimetype: 'application/pdf',
  size: 1024,
}));

async function main(): Promise<void> {
  skipBaselineCompiler(); // as apps/worker/src/main.ts
  useSmallBufferPool();
  const config = loadConfig();
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const client = createTemporalClient(connection, config);
  const orders = {
    findById: async () => ({ method: 'extranet', version: 1 }),
    recordTransition: async () => ({ notificationId: randomUUID() }),
    findCreationNotificationId: async () => randomUUID(),
    recordCollectionBlocked: async () => undefined,
  } as unknown as OrderActivityDependencies['orders'];
  const collection = {
    verifyLogin: async () => undefined,
    collectStatement: async () => undefined,
    listDocuments: async () => LISTED,
    downloadDocuments: async (
      _o: string,
      _v: number,
      documents: ExtranetDocument[],
      progress: (n: number) => void,
    ) => {
      documents.forEach((_d, i) => progress(i + 1));
      // Every document kept: none refused.
      return [];
    },
    missingDoctypes: async () => [],
  } as unknown as OrderActivityDependencies['collection'];
  const activities = standInActivities({
    orders,
    collection,
    // Temporal's part of an order: the notification queue is signalled as the service does.
    notificationQueue: TemporalNotificationWorkflowStarter.fromConfig(client, config),
  });
  const workers = await createTaskQueueWorkers(config, connection, activities);
  await Promise.all(workers.map((worker) => worker.run()));
  await connection.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
