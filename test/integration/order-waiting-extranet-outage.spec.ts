import { randomUUID } from 'node:crypto';
import { type Client } from '@temporalio/client';
import { type NativeConnection } from '@temporalio/worker';
import { type OrderActivityDependencies } from '@activities/order.activities';
import { type Doctype } from '@libs/orders/doctype';
import {
  DOCUMENTS_UPLOADED_SIGNAL,
  ORDER_STATE_QUERY,
  type OrderProcessingSettings,
} from '@libs/orders/order-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { createTemporalClient } from '@libs/platform/temporal/temporal-client';
import { type StandInWorkers, runStandInWorkers } from '../support/stand-in-workers';
import { waitFor } from '../support/wait-for';

/** One order's extranet and store, as this test plays them. */
interface PlayedOrder {
  /** The extranet answers the round's first listing, then is down (connections refused). */
  listings: number;
  uploaded: boolean;
  triggers: string[];
  details: Record<string, unknown>[];
  assisted: { reason: string; detail: string }[];
}

/**
 * An order waiting for missing documents while its syndic's extranet is down. The contract
 * (docs/contract.md §4): the extranet is polled again on a schedule, uploads wake the order at once, and
 * at the deadline the pre-statement is produced with the missing documents listed. Each poll was a step
 * retried without end while the extranet failed: the deadline passed with the order still `waiting`, and
 * a client's upload could not wake it. The real workflow on the suite's Temporal server; its activities
 * are the service's adapters over an extranet and a store this test plays.
 */
describe('waiting for documents while the extranet is down (Temporal)', () => {
  let config: AppConfig;
  let connection: NativeConnection;
  let client: Client;
  let workers: StandInWorkers;
  const played = new Map<string, PlayedOrder>();
  const of = (orderid: string): PlayedOrder => {
    let order = played.get(orderid);
    if (!order) {
      order = { listings: 0, uploaded: false, triggers: [], details: [], assisted: [] };
      played.set(orderid, order);
    }
    return order;
  };

  beforeAll(async () => {
    config = loadConfig({ ...process.env, TEMPORAL_TASK_QUEUE: `waiting-outage-${randomUUID()}` });
    const collection = {
      verifyLogin: async () => undefined,
      collectStatement: async () => undefined,
      listDocuments: async (orderid: string) => {
        of(orderid).listings += 1;
        if (of(orderid).listings > 1) throw new Error('connect ECONNREFUSED 192.0.2.10:443');
        return [];
      },
      downloadDocuments: async () => [],
      missingDoctypes: async (orderid: string): Promise<Doctype[]> => (of(orderid).uploaded ? [] : [2]),
    } as unknown as OrderActivityDependencies['collection'];
    const orders = {
      findById: async () => ({ method: 'extranet', version: 1 }),
      recordTransition: async (t: { orderid: string; trigger: string; detail: Record<string, unknown> }) => {
        of(t.orderid).triggers.push(t.trigger);
        of(t.orderid).details.push(t.detail);
        return { notificationId: randomUUID() };
      },
      findCreationNotificationId: async () => randomUUID(),
    } as unknown as OrderActivityDependencies['orders'];
    const fulfilment = {
      route: async () => ({ mode: 'automatic', reason: null, detail: null }),
      assist: async (orderid: string, _version: number, reason: string, detail: string) => {
        of(orderid).assisted.push({ reason, detail });
      },
    } as unknown as OrderActivityDependencies['fulfilment'];
    workers = await runStandInWorkers(config, {
      orders,
      collection,
      fulfilment,
    });
    connection = workers.connection;
    client = createTemporalClient(connection, config);
  });
  afterAll(() => workers?.stop());

  async function startOrder(settings: OrderProcessingSettings, testMode = true): Promise<string> {
    const orderid = `W${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`;
    await new TemporalOrderWorkflowStarter(client, config.temporal.taskQueue, settings).start({
      orderid,
      account: 'etude@example.fr',
      externalId: 'DOSSIER-PANNE',
      testMode,
    });
    await waitFor(() => of(orderid).triggers.includes('documents-missing'), { what: 'waiting' });
    return orderid;
  }

  const stateOf = (orderid: string) =>
    client.workflow.getHandle(orderWorkflowId(orderid)).query<string>(ORDER_STATE_QUERY);

  it('produces the pre-statement at the deadline, with the missing documents listed', async () => {
    const orderid = await startOrder({
      pollIntervalMs: 1_000,
      waitingDeadlineMs: 3_000,
      refreshWindowMs: 60_000,
      extranetActivityTimeoutMs: 2_000,
    });

    await waitFor(async () => (await stateOf(orderid)) === 'done', {
      what: 'done soon after the 3 s deadline',
      timeoutMs: 20_000,
    });
    const order = of(orderid);
    expect(order.triggers).toEqual([
      'collection-started',
      'documents-missing',
      'waiting-deadline-reached',
      'pre-statement-generated',
    ]);
    expect(order.details[2]).toEqual({ missing_doctypes: [2] });
    // The extranet was tried again during the wait, and at the deadline.
    expect(order.listings).toBeGreaterThan(2);
  });

  it('wakes at once for an upload, whatever the extranet does', async () => {
    // Polls an hour apart: the upload is what wakes the order.
    const orderid = await startOrder({
      pollIntervalMs: 3_600_000,
      waitingDeadlineMs: 7_200_000,
      refreshWindowMs: 60_000,
      extranetActivityTimeoutMs: 2_000,
    });
    of(orderid).uploaded = true;
    await client.workflow.getHandle(orderWorkflowId(orderid)).signal(DOCUMENTS_UPLOADED_SIGNAL);

    await waitFor(async () => (await stateOf(orderid)) === 'done', {
      what: 'done soon after the upload',
      timeoutMs: 20_000,
    });
    expect(of(orderid).triggers.slice(2)).toEqual(['documents-arrived', 'pre-statement-generated']);
  });

  it('hands a live order to operators once the extranet has failed past the give-up delay', async () => {
    const orderid = await startOrder(
      {
        pollIntervalMs: 1_000,
        waitingDeadlineMs: 3_600_000,
        refreshWindowMs: 60_000,
        extranetActivityTimeoutMs: 2_000,
        connectorGiveUpMs: 5_000,
      },
      false,
    );

    const [assisted] = await waitFor(() => (of(orderid).assisted.length > 0 ? of(orderid).assisted : null), {
      what: 'operators take the order over',
      timeoutMs: 30_000,
    });
    expect(assisted.reason).toBe('connector_failed');
    expect(assisted.detail).toMatch(/^listExtranetDocuments: /);
    expect(await stateOf(orderid)).toBe('waiting');
  });
});
