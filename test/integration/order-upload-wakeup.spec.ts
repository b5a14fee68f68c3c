import { randomUUID } from 'node:crypto';
import { type NativeConnection } from '@temporalio/worker';
import { type OrderActivityDependencies } from '@activities/order.activities';
import { type Doctype } from '@libs/orders/doctype';
import { DOCUMENTS_UPLOADED_SIGNAL, ORDER_STATE_QUERY } from '@libs/orders/order-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { createTemporalClient } from '@libs/platform/temporal/temporal-client';
import { type StandInWorkers, runStandInWorkers } from '../support/stand-in-workers';
import { waitFor } from '../support/wait-for';

/**
 * An upload order waiting for a document wakes as soon as the client uploads it, not at the next poll
 * (an hour here). The upload's signal could reach the workflow while it was reading what is missing,
 * the upload committed just after that read: when the read is slow, the worker extends the workflow
 * task with a new one, which delivers the signal before the read's result. The flag was then cleared
 * before the wait, and the order slept out the poll. The real workflow on the suite's Temporal server;
 * its activities are the service's adapters over dependencies this test plays, so that the upload
 * comes exactly inside a slow read.
 */
describe('an upload signalled while the order reads what is missing (Temporal)', () => {
  let config: AppConfig;
  let connection: NativeConnection;
  let workers: StandInWorkers;
  const reads: Doctype[][] = [];
  let uploadDuringRead: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    config = loadConfig({
      ...process.env,
      TEMPORAL_TASK_QUEUE: `upload-wakeup-${randomUUID()}`,
      POLL_INTERVAL: '1h',
      WAITING_DEADLINE: '2h',
    });
    // The minutes are missing until the client's upload, which comes during the first read.
    let uploaded = false;
    const collection = {
      missingDoctypes: async (): Promise<Doctype[]> => {
        const missing: Doctype[] = uploaded ? [] : [2];
        reads.push(missing);
        if (uploadDuringRead) {
          const upload = uploadDuringRead;
          uploadDuringRead = null;
          await upload();
          uploaded = true;
          // A slow read (a busy database): past 80 % of the workflow task's 10 s, the worker extends the
          // task with a new one, which brings the signal to the workflow before the read's result.
          await new Promise((resolve) => setTimeout(resolve, 9_000));
        }
        return missing;
      },
    } as unknown as OrderActivityDependencies['collection'];
    const orders = {
      findById: async () => ({ method: 'upload', version: 1 }),
      recordTransition: async () => ({ notificationId: randomUUID() }),
      findCreationNotificationId: async () => randomUUID(),
    } as unknown as OrderActivityDependencies['orders'];
    workers = await runStandInWorkers(config, {
      orders,
      collection,
    });
    connection = workers.connection;
  });
  afterAll(() => workers?.stop());

  it('reads again at once and finishes, instead of waiting for the next poll', async () => {
    const client = createTemporalClient(connection, config);
    const orderid = `U${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`;
    const handle = client.workflow.getHandle(orderWorkflowId(orderid));
    // The upload commits just after the read, and its signal reaches the workflow meanwhile.
    uploadDuringRead = () => handle.signal(DOCUMENTS_UPLOADED_SIGNAL);
    await TemporalOrderWorkflowStarter.fromConfig(client, config).start({
      orderid,
      account: 'etude@example.fr',
      externalId: 'DOSSIER-ENVOI',
      testMode: true,
    });

    await waitFor(async () => (await handle.query<string>(ORDER_STATE_QUERY)) === 'done', {
      what: 'done, long before the next poll',
      timeoutMs: 30_000,
    });
    expect(reads).toEqual([[2], []]);
  });
});
