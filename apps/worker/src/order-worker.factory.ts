import { type PayloadCodec } from '@temporalio/common';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { type TemporalConfig } from '../../../libs/config/app-config';

export interface OrderWorkerOptions {
  temporal: TemporalConfig;
  activities: object;
  /** A pre-built bundle (production, tests); without it the workflows are bundled at start. */
  workflowBundlePath: string | null;
  /** Encrypts what the worker sends to Temporal and decrypts what it receives. */
  payloadCodec: PayloadCodec;
  maxConcurrentActivityTaskExecutions?: number;
}

/** The Temporal worker of the order task queue; the caller awaits `run()` and shuts it down. */
export async function createOrderWorker(
  options: OrderWorkerOptions,
): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: options.temporal.address });
  const workflowSource: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> = options.workflowBundlePath
    ? { workflowBundle: { codePath: options.workflowBundlePath } }
    : { workflowsPath: require.resolve('../../../workflows') };
  const worker = await Worker.create({
    connection,
    namespace: options.temporal.namespace,
    taskQueue: options.temporal.taskQueue,
    activities: options.activities,
    dataConverter: { payloadCodecs: [options.payloadCodec] },
    ...workflowSource,
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivityTaskExecutions ?? 100,
    shutdownGraceTime: '30s',
  });
  return { worker, connection };
}
