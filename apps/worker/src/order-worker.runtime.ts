import { type Worker } from '@temporalio/worker';
import { createOrderActivities } from '../../../activities/order.activities';
import { type AppConfig } from '../../../libs/config/app-config';
import { FilesystemDocumentStore } from '../../../libs/documents/filesystem-document.store';
import { createDataSource } from '../../../libs/persistence/data-source.factory';
import { createSecurityServices } from '../../../libs/security/security-services.factory';
import { createNotificationDelivery } from './notification-delivery.factory';
import { createOrderActivityDependencies } from './order-activity.dependencies';
import { createOrderWorker } from './order-worker.factory';

export interface OrderWorkerRuntime {
  worker: Worker;
  /** Closes what the worker used, once `worker.run()` has resolved. */
  close(): Promise<void>;
}

/** Everything the worker process runs, from its configuration; used by main.ts and the tests. */
export async function createOrderWorkerRuntime(config: AppConfig): Promise<OrderWorkerRuntime> {
  const dataSource = await createDataSource(config.database).initialize();
  const security = createSecurityServices(config.security);
  const documentStore = new FilesystemDocumentStore(config.storage.documentsDir);
  const dependencies = createOrderActivityDependencies({
    config,
    dataSource,
    security,
    documentStore,
    notifications: createNotificationDelivery({ config, dataSource, security, documentStore }),
  });
  const { worker, connection } = await createOrderWorker({
    temporal: config.temporal,
    activities: createOrderActivities(dependencies),
    workflowBundlePath: config.temporal.workflowBundlePath,
  });
  return {
    worker,
    async close() {
      await connection.close();
      await dataSource.destroy();
    },
  };
}
