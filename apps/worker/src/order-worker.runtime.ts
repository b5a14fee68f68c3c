import { Client } from '@temporalio/client';
import { type Registry } from 'prom-client';
import { createNotificationActivities } from '@activities/notification.activities';
import { createOrderActivities } from '@activities/order.activities';
import { type AppConfig } from '@libs/platform/config/app-config';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { type AppLogger, createAppLogger } from '@libs/platform/logging/app-logger';
import { NodemailerMailer } from '@libs/platform/mail/nodemailer.mailer';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { createSecurityServices } from '@libs/security/security-services.factory';
import { EncryptionPayloadCodec } from '@libs/platform/temporal/encryption-payload.codec';
import { connectWhenTemporalIsUp } from '@libs/platform/temporal/native-connection.waiter';
import { type FailingEndpointAlertService } from '@libs/notifications/alerts/failing-endpoint-alert.service';
import { PeriodicTask } from '@libs/platform/periodic-task';
import { createNotificationWorkflowStarter } from '@libs/notifications/notification-workflow-starters';
import { createNotificationActivityDependencies } from './notification-activity.dependencies';
import { createFailingEndpointAlerts, createNotificationDelivery } from './notification-delivery.factory';
import { createExtranetConnectors, createOrderActivityDependencies } from './order-activity.dependencies';
import { createOrderWorkers } from './order-worker.factory';
import { createWorkerMetrics } from './worker-metrics';

export interface OrderWorkerRuntime {
  /** Runs every worker of the process until they are shut down and drained. */
  run(): Promise<void>;
  /** Asks every worker to stop polling and drain (the SDK also does it on SIGTERM/SIGINT). */
  shutdown(): void;
  /** The worker's own Prometheus series (extranet calls); the SDK's are exported by the Runtime. */
  metrics: Registry;
  /** Closes what the workers used, once `run()` has resolved. */
  close(): Promise<void>;
}

/** The process was asked to stop while it was still waiting for Temporal. */
export class WorkerStartAbortedError extends Error {
  override readonly name = 'WorkerStartAbortedError';
}

/**
 * Everything the worker process runs, from its configuration; used by main.ts and the tests. Waits for
 * Temporal for as long as it is unreachable; aborting `signal` meanwhile rejects with
 * WorkerStartAbortedError.
 */
export async function createOrderWorkerRuntime(
  config: AppConfig,
  logger: AppLogger = createAppLogger({ ...config.logging, service: 'worker' }),
  signal?: AbortSignal,
): Promise<OrderWorkerRuntime> {
  const dataSource = await createDataSource(config.database).initialize();
  const security = createSecurityServices(config.security);
  const documentStore = new FilesystemDocumentStore(config.storage.documentsDir);
  const mailer = NodemailerMailer.fromConfig(config.mail);
  const notifications = createNotificationDelivery({ config, dataSource, security, documentStore, mailer });
  const metrics = createWorkerMetrics();
  const payloadCodec = EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys);
  const connection = await connectWhenTemporalIsUp(config.temporal.address, logger, { signal });
  if (connection === null) {
    await dataSource.destroy();
    throw new WorkerStartAbortedError('stopped while waiting for Temporal');
  }
  // Activities queue notifications (signal-with-start) through this client, encrypted like the worker.
  const client = new Client({
    connection,
    namespace: config.temporal.namespace,
    dataConverter: { payloadCodecs: [payloadCodec] },
  });
  const connectors = createExtranetConnectors(config, metrics.extranet);
  const dependencies = createOrderActivityDependencies({
    config,
    dataSource,
    security,
    documentStore,
    notificationQueue: createNotificationWorkflowStarter(client, config),
    connectors,
  });
  const all = await createOrderWorkers({
    temporal: config.temporal,
    connection,
    activities: {
      ...createOrderActivities(dependencies),
      ...createNotificationActivities(
        createNotificationActivityDependencies({ dataSource, mailer, notifications }),
      ),
    },
    workflowBundlePath: config.temporal.workflowBundlePath,
    payloadCodec,
  });
  // Where notifications are delivered, failing endpoints are also looked for between attempts: the
  // retry delays grow to a day, so the alert would otherwise wait for the first attempt past 24 h.
  const alertSweep =
    config.temporal.workerQueues === 'orders'
      ? null
      : sweepOfFailingEndpoints(
          createFailingEndpointAlerts({ config, dataSource, mailer }, (message) => logger.warn(message)),
          config.webhooks.failureAlertSweepIntervalMs,
        );
  return {
    async run() {
      alertSweep?.start();
      // One worker failing stops the other, so the process never runs half its task queues.
      await Promise.all(
        all.map((w) =>
          w.run().catch((error: unknown) => {
            for (const other of all) if (other.getState() === 'RUNNING') other.shutdown();
            throw error;
          }),
        ),
      );
    },
    shutdown() {
      for (const w of all) if (w.getState() === 'RUNNING') w.shutdown();
    },
    metrics: metrics.registry,
    async close() {
      await alertSweep?.stop();
      await connection.close();
      notifications.close();
      await connectors.close();
      mailer.close();
      await dataSource.destroy();
    },
  };
}

function sweepOfFailingEndpoints(
  alerts: FailingEndpointAlertService,
  intervalMs: number,
): PeriodicTask<number> {
  return new PeriodicTask(() => alerts.alertFailingEndpoints(), intervalMs);
}
