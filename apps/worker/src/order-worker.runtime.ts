import { type Worker } from '@temporalio/worker';
import { type Registry } from 'prom-client';
import { createNotificationActivities } from '../../../activities/notification.activities';
import { createOrderActivities } from '../../../activities/order.activities';
import { type AppConfig } from '../../../libs/config/app-config';
import { FilesystemDocumentStore } from '../../../libs/documents/filesystem-document.store';
import { NodemailerMailer } from '../../../libs/mail/nodemailer.mailer';
import { createDataSource } from '../../../libs/persistence/data-source.factory';
import { createSecurityServices } from '../../../libs/security/security-services.factory';
import { EncryptionPayloadCodec } from '../../../libs/temporal/encryption-payload.codec';
import { createNotificationActivityDependencies } from './notification-activity.dependencies';
import { createNotificationDelivery } from './notification-delivery.factory';
import { createOrderActivityDependencies } from './order-activity.dependencies';
import { createOrderWorker } from './order-worker.factory';
import { createWorkerMetrics } from './worker-metrics';

export interface OrderWorkerRuntime {
  worker: Worker;
  /** The worker's own Prometheus series (extranet calls); the SDK's are exported by the Runtime. */
  metrics: Registry;
  /** Closes what the worker used, once `worker.run()` has resolved. */
  close(): Promise<void>;
}

/** Everything the worker process runs, from its configuration; used by main.ts and the tests. */
export async function createOrderWorkerRuntime(config: AppConfig): Promise<OrderWorkerRuntime> {
  const dataSource = await createDataSource(config.database).initialize();
  const security = createSecurityServices(config.security);
  const documentStore = new FilesystemDocumentStore(config.storage.documentsDir);
  const mailer = NodemailerMailer.fromConfig(config.mail);
  const notifications = createNotificationDelivery({ config, dataSource, security, documentStore, mailer });
  const metrics = createWorkerMetrics();
  const dependencies = createOrderActivityDependencies({
    config,
    dataSource,
    security,
    documentStore,
    notifications,
    extranetObserver: metrics.extranet,
  });
  const { worker, connection } = await createOrderWorker({
    temporal: config.temporal,
    activities: {
      ...createOrderActivities(dependencies),
      ...createNotificationActivities(
        createNotificationActivityDependencies({ dataSource, mailer, notifications }),
      ),
    },
    workflowBundlePath: config.temporal.workflowBundlePath,
    payloadCodec: EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys),
  });
  return {
    worker,
    metrics: metrics.registry,
    async close() {
      await connection.close();
      mailer.close();
      await dataSource.destroy();
    },
  };
}
