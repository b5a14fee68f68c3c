import { type PayloadCodec } from '@temporalio/common';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { type TemporalConfig } from '@libs/platform/config/app-config';
import { notificationTaskQueue } from '@libs/notifications/notification-workflow.contract';
import { bundleWorkflows } from '@libs/platform/temporal/workflow-bundle';

export interface OrderWorkerOptions {
  temporal: TemporalConfig;
  /** The workers' connection; the activities' own Temporal client shares it. */
  connection: NativeConnection;
  activities: object;
  /** A pre-built bundle (production, tests); without it the workflows are bundled at start. */
  workflowBundlePath: string | null;
  /** Encrypts what the workers send to Temporal and decrypts what they receive. */
  payloadCodec: PayloadCodec;
}

/**
 * The Temporal workers of the process, by `WORKER_QUEUES`: order workflows and confirmation emails on
 * the configured task queue, notification queues and redeliveries on their own (their own task slots,
 * or their own process). The caller runs them and shuts them down.
 */
export async function createOrderWorkers(options: OrderWorkerOptions): Promise<Worker[]> {
  const workflowBundle: WorkerOptions['workflowBundle'] = options.workflowBundlePath
    ? { codePath: options.workflowBundlePath }
    : { code: await bundleWorkflows() };
  const create = (taskQueue: string, slots: Partial<WorkerOptions>) =>
    Worker.create({
      connection: options.connection,
      namespace: options.temporal.namespace,
      taskQueue,
      activities: options.activities,
      dataConverter: { payloadCodecs: [options.payloadCodec] },
      workflowBundle,
      workflowThreadPoolSize: options.temporal.workflowThreads,
      shutdownGraceTime: '30s',
      ...slots,
    });
  const { taskQueue, workerQueues, orderConcurrency } = options.temporal;
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
