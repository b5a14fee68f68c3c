import { log } from '@temporalio/activity';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { type Registry } from 'prom-client';
import { createNotificationActivities } from '@activities/notification.activities';
import { AccountRepository } from '@libs/accounts/account.repository';
import { CallbackAlertRepository } from '@libs/notifications/alerts/callback-alert.repository';
import { FailingEndpointAlertService } from '@libs/notifications/alerts/failing-endpoint-alert.service';
import { createNotificationDeliveryService } from '@libs/notifications/delivery/notification-delivery.factory';
import { notificationTaskQueue } from '@libs/notifications/notification-workflow.contract';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { OrderConfirmationMailService } from '@libs/orders/confirmation-email/order-confirmation-mail.service';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { openServingDataSource } from '@libs/persistence/data-source.factory';
import { type AppConfig } from '@libs/platform/config/app-config';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { type AppLogger, createAppLogger } from '@libs/platform/logging/app-logger';
import { NodemailerMailer } from '@libs/platform/mail/nodemailer.mailer';
import { PeriodicTask } from '@libs/platform/periodic-task';
import { connectWhenTemporalIsUp } from '@libs/platform/temporal/native-connection.waiter';
import { createTemporalClient, temporalDataConverter } from '@libs/platform/temporal/temporal-client';
import { bundleWorkflows } from '@libs/platform/temporal/workflow-bundle';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { SecretBox } from '@libs/security/secret-box';
import type { OrderSide } from './order-activities.composition';
import { createWorkerMetrics } from './worker-metrics';

export interface WorkerRuntime {
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
 * The composition root of the worker process (main.ts and the tests): everything it runs, built once
 * from the configuration. Waits for Temporal for as long as it is unreachable; aborting `signal`
 * meanwhile rejects with WorkerStartAbortedError.
 */
export async function createWorkerRuntime(
  config: AppConfig,
  logger: AppLogger = createAppLogger({ ...config.logging, service: 'worker' }),
  signal?: AbortSignal,
): Promise<WorkerRuntime> {
  const dataSource = await openServingDataSource(config.database);
  // Only the secret box: the API's password hashing (argon2's native library) and access tokens
  // would be loaded for nothing, a few MiB of every worker process.
  const secretBox = new SecretBox(parseEncryptionKeys(config.security.encryptionKeys));
  const documentStore = new FilesystemDocumentStore(config.storage.documentsDir);
  const mailer = NodemailerMailer.fromConfig(config.mail);
  const metrics = createWorkerMetrics();

  const orders = new OrderRepository(dataSource);
  const documents = new StoredDocumentRepository(dataSource);
  const notifications = new NotificationRepository(dataSource);
  const accounts = new AccountRepository(dataSource);
  const failingEndpoints = (warn: (message: string) => void) =>
    new FailingEndpointAlertService(
      new CallbackAlertRepository(dataSource),
      notifications,
      mailer,
      {
        alertAfterMs: config.webhooks.failureAlertAfterMs,
        retryDeadlineMs: config.lifecycle.notificationDeadlineMs,
      },
      warn,
    );
  const delivery = createNotificationDeliveryService({
    config,
    dataSource,
    secretBox,
    documentStore,
    // Loaded at the first test notification that needs it: a notification worker loads no PDF code.
    specimenPdf: async () =>
      (await import('@libs/pre-statement/specimen-pre-statement')).renderSpecimenPreStatement(
        'SPECIM',
        '',
        new Date(),
      ),
    // Runs inside the delivery activity: its logger carries the workflow and activity ids.
    observer: failingEndpoints((message) => log.warn(message)),
    info: (message) => log.info(message),
  });

  const connection = await connectWhenTemporalIsUp(config.temporal.address, logger, { signal });
  if (connection === null) {
    await dataSource.destroy();
    throw new WorkerStartAbortedError('stopped while waiting for Temporal');
  }
  // Activities queue notifications (signal-with-start) through this client, encrypted like the worker.
  const client = createTemporalClient(connection, config);
  // The order side only where the order task queue is polled (see order-activities.composition.ts).
  const orderSide: OrderSide | null =
    config.temporal.workerQueues === 'notifications'
      ? null
      : (await import('./order-activities.composition')).composeOrderActivities({
          config,
          dataSource,
          orders,
          documents,
          accounts,
          secretBox,
          documentStore,
          client,
          extranetObserver: metrics.extranet,
          logger,
        });
  const activities = {
    ...orderSide?.activities,
    ...createNotificationActivities({
      notifications: delivery,
      unsettled: notifications,
      confirmations: new OrderConfirmationMailService(orders, accounts, mailer),
    }),
  };
  const workers = await createTaskQueueWorkers(config, connection, activities);
  // Where notifications are delivered, failing endpoints are also looked for between attempts: the
  // retry delays grow to a day, so the alert would otherwise wait for the first attempt past 24 h.
  const sweptAlerts = failingEndpoints((message) => logger.warn(message));
  const alertSweep =
    config.temporal.workerQueues === 'orders'
      ? null
      : new PeriodicTask(
          () => sweptAlerts.alertFailingEndpoints(),
          config.webhooks.failureAlertSweepIntervalMs,
        );
  return {
    async run() {
      alertSweep?.start();
      orderSide?.start();
      // One worker failing stops the other, so the process never runs half its task queues.
      await Promise.all(
        workers.map((w) =>
          w.run().catch((error: unknown) => {
            for (const other of workers) if (other.getState() === 'RUNNING') other.shutdown();
            throw error;
          }),
        ),
      );
    },
    shutdown() {
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
    },
    metrics: metrics.registry,
    async close() {
      await alertSweep?.stop();
      await connection.close();
      delivery.close();
      await orderSide?.close();
      mailer.close();
      await dataSource.destroy();
    },
  };
}

/**
 * The Temporal workers of the process, by `WORKER_QUEUES`: order workflows and confirmation emails on
 * the configured task queue, notification queues and redeliveries on their own (their own task slots,
 * or their own process). The benchmark's floor runs the same workers over activities that do nothing.
 */
export async function createTaskQueueWorkers(
  config: AppConfig,
  connection: NativeConnection,
  activities: object,
): Promise<Worker[]> {
  const { taskQueue, workerQueues, orderConcurrency, workflowBundlePath } = config.temporal;
  // A pre-built bundle in production and tests; bundled at start in development.
  const workflowBundle: WorkerOptions['workflowBundle'] = workflowBundlePath
    ? { codePath: workflowBundlePath }
    : { code: await bundleWorkflows() };
  const create = (queue: string, slots: Partial<WorkerOptions>) =>
    Worker.create({
      connection,
      namespace: config.temporal.namespace,
      taskQueue: queue,
      activities,
      dataConverter: temporalDataConverter(config),
      workflowBundle,
      workflowThreadPoolSize: config.temporal.workflowThreads,
      maxCachedWorkflows: config.temporal.maxCachedWorkflows,
      shutdownGraceTime: '30s',
      ...slots,
    });
  const workers: Worker[] = [];
  if (workerQueues !== 'notifications') {
    // Orders are taken a few at a time: the rest wait in Temporal's task queue, not in this process,
    // so a transition and its notification never queue behind hundreds of downloads and PDFs.
    workers.push(
      await create(taskQueue, {
        maxConcurrentWorkflowTaskExecutions: orderConcurrency,
        maxConcurrentLocalActivityExecutions: orderConcurrency,
        maxConcurrentActivityTaskExecutions: orderConcurrency,
      }),
    );
  }
  if (workerQueues !== 'orders') {
    workers.push(
      await create(notificationTaskQueue(taskQueue), { maxConcurrentActivityTaskExecutions: 100 }),
    );
  }
  return workers;
}
