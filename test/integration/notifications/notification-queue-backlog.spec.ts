import { randomUUID } from 'node:crypto';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { type Duration, defaultPayloadConverter } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { type temporal } from '@temporalio/proto';
import { type DeliveryOutcome } from '@libs/notifications/delivery/delivery-outcome';
import {
  NOTIFICATION_QUEUED_SIGNAL,
  NOTIFICATION_RETRY_NOW_SIGNAL,
  ORDER_NOTIFICATIONS_WORKFLOW_TYPE,
  type OrderNotificationsWorkflowInput,
  orderNotificationsWorkflowId,
} from '@libs/notifications/notification-workflow.contract';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { quietWorkerLogs } from '../../support/quiet-worker-logs';
import { TEST_WORKFLOW_BUNDLE } from '../../support/test-environment';
import { localActivityType } from '../../support/local-activity-markers';
import { waitFor } from '../../support/wait-for';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/**
 * One order's notifications as its database holds them, in commit order, each settled or not, with the
 * receiver's deliveries; `failing` makes every attempt fail (the receiver is down).
 */
class OrderNotificationStore {
  readonly committed: string[] = [];
  readonly delivered: string[] = [];
  private readonly settled = new Set<string>();
  failing = true;
  /** Runs inside the read of unsettled notifications, after its snapshot was taken. */
  duringRead: (() => Promise<void>) | null = null;

  commit(): string {
    const id = randomUUID();
    this.committed.push(id);
    return id;
  }

  attempt(id: string): DeliveryOutcome {
    if (this.settled.has(id)) return { kind: 'delivered' };
    if (this.failing) return { kind: 'retry', retryAfterMs: null, error: 'HTTP 500' };
    this.settled.add(id);
    this.delivered.push(id);
    return { kind: 'delivered' };
  }

  /** The notification activities the queue's workflow calls, over this store. */
  activities() {
    return {
      deliverNotification: async (id: string) => this.attempt(id),
      deliverNotifications: async (ids: string[]) => {
        const outcomes: DeliveryOutcome[] = [];
        for (const id of ids) {
          outcomes.push(this.attempt(id));
          if (outcomes.at(-1)!.kind === 'retry') break;
        }
        return outcomes;
      },
      markNotificationFailed: async (id: string) => {
        this.settled.add(id);
      },
      unsettledNotifications: async (_orderid: string, limit: number) => {
        const snapshot = this.committed.filter((id) => !this.settled.has(id)).slice(0, limit);
        const during = this.duringRead;
        this.duringRead = null;
        await during?.();
        return snapshot;
      },
    };
  }
}

/**
 * An order's notification queue holds a bounded number of ids. Its head can fail for days while its
 * client keeps queueing test events (600 a minute), and the queue used to hold and carry every id:
 * past about 50,000, the ids carried to the next run would pass Temporal's 2 MB payload limit and the
 * run would fail with them, stranding the order's notifications. The ids beyond those held wait in the
 * database, where each is committed before its signal. The real workflow on the suite's Temporal
 * server, over a store the test plays.
 */
describe('an order’s notification queue holding a bounded number of ids (worker and Temporal real)', () => {
  let config: AppConfig;
  let connection: NativeConnection;
  let clientConnection: Connection;
  let client: Client;

  beforeAll(async () => {
    quietWorkerLogs();
    config = loadConfig(process.env);
    connection = await NativeConnection.connect({ address: config.temporal.address });
    clientConnection = await Connection.connect({ address: config.temporal.address });
    client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  });
  afterAll(async () => {
    await clientConnection?.close();
    await connection?.close();
  });

  async function withQueueWorker<T>(
    store: OrderNotificationStore,
    run: (queue: { taskQueue: string; orderid: string }) => Promise<T>,
  ): Promise<T> {
    const taskQueue = `notification-backlog-${randomUUID()}`;
    const worker = await Worker.create({
      connection,
      namespace: config.temporal.namespace,
      taskQueue,
      workflowBundle: { codePath: TEST_WORKFLOW_BUNDLE },
      activities: store.activities(),
    });
    const running = worker.run();
    try {
      return await run({ taskQueue, orderid: randomUUID() });
    } finally {
      worker.shutdown();
      await running;
    }
  }

  function queueInput(orderid: string, idsHeldAtMost: number): OrderNotificationsWorkflowInput {
    return {
      orderid,
      settings: {
        notificationRetryDelaysMs: [100],
        notificationDeadlineMs: 600_000,
        notificationQueueIdleMs: 1_000,
        retryAfterLengthensOnly: true,
      },
      attemptsInBatches: true,
      carriesOnWhileBusy: true,
      historyEventLimit: 40,
      idsHeldAtMost,
    };
  }

  async function queueNotification(
    queue: { taskQueue: string; orderid: string },
    input: OrderNotificationsWorkflowInput,
    notificationId: string,
    workflowTaskTimeout?: Duration,
  ): Promise<WorkflowHandle> {
    return client.workflow.signalWithStart(ORDER_NOTIFICATIONS_WORKFLOW_TYPE, {
      taskQueue: queue.taskQueue,
      workflowId: orderNotificationsWorkflowId(queue.orderid),
      args: [input],
      signal: NOTIFICATION_QUEUED_SIGNAL,
      signalArgs: [notificationId],
      workflowTaskTimeout,
    });
  }

  it('carries at most the ids it holds from run to run while its head fails, then delivers all in order', async () => {
    const store = new OrderNotificationStore();
    await withQueueWorker(store, async (queue) => {
      const input = queueInput(queue.orderid, 5);
      const workflowId = orderNotificationsWorkflowId(queue.orderid);
      for (let i = 0; i < 60; i++) await queueNotification(queue, input, store.commit());
      // The head fails every 100 ms: the runs' histories pass the limit and they carry on.
      const runs = await waitFor(
        async () => {
          const found: HistoryEvent[][] = [];
          for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
            const history = await client.workflow.getHandle(workflowId, run.runId).fetchHistory();
            found.push(history.events ?? []);
          }
          return found.length >= 3 ? found : null;
        },
        { what: 'three runs of the queue' },
      );
      const carried = runs.map((events) => startInput(events).carried).filter((c) => c !== undefined);
      expect(carried.length).toBeGreaterThanOrEqual(2);
      for (const { queue: ids } of carried) expect(ids.length).toBeLessThanOrEqual(5);
      expect(carried.at(-1)!.backlogInDatabase).toBe(true);

      store.failing = false;
      await client.workflow.getHandle(workflowId).signal(NOTIFICATION_RETRY_NOW_SIGNAL);
      await waitFor(() => store.delivered.length === 60, { what: 'the 60 notifications delivered' });
      expect(store.delivered).toEqual(store.committed);
      // Nothing left: the queue closes once idle.
      await client.workflow.getHandle(workflowId).result();
      expect(store.delivered).toHaveLength(60);
    });
  }, 90_000);

  it('reads the database again when a notification was queued while it read (its commit may be later)', async () => {
    const store = new OrderNotificationStore();
    await withQueueWorker(store, async (queue) => {
      // Two held: the read that finds one notification (fewer than it asked for) would end the backlog.
      const input = queueInput(queue.orderid, 2);
      // A short task timeout: the worker reports on the task (a heartbeat) while the read runs, and
      // takes the signal of the notification committed meanwhile in the next one, before the read's end.
      const handle = await queueNotification(queue, input, store.commit(), '2s');
      for (let i = 0; i < 2; i++) await queueNotification(queue, input, store.commit(), '2s');
      let late = '';
      store.duringRead = async () => {
        late = store.commit();
        await queueNotification(queue, input, late, '2s');
        await signalHandled(handle, late);
      };
      // The third waits behind the failing head and the second: it is left to the database.
      await signalHandled(handle, store.committed[2]!);
      store.failing = false;
      await handle.signal(NOTIFICATION_RETRY_NOW_SIGNAL);
      await waitFor(() => store.delivered.length === 4, { what: 'the four notifications delivered' });
      expect(store.delivered).toEqual(store.committed);
      expect(store.delivered.at(-1)).toBe(late);
      await handle.result();
      // The race happened as intended: the late signal came before the read's result was recorded.
      const events = (await handle.fetchHistory()).events ?? [];
      const signalled = events.findIndex((e) => signalledId(e) === late);
      const firstRead = events.findIndex((e) => localActivityType(e) === 'unsettledNotifications');
      expect(signalled).toBeGreaterThan(0);
      expect(firstRead).toBeGreaterThan(signalled);
    });
  }, 90_000);
});

/** Waits until a workflow task completed after the signal queueing `notificationId`: it was handled. */
async function signalHandled(handle: WorkflowHandle, notificationId: string): Promise<void> {
  await waitFor(
    async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const signalled = events.findIndex((e) => signalledId(e) === notificationId);
      return signalled >= 0 && events.slice(signalled).some((e) => e.workflowTaskCompletedEventAttributes);
    },
    { what: `the signal queueing ${notificationId} handled`, timeoutMs: 20_000 },
  );
}

function startInput(events: HistoryEvent[]): OrderNotificationsWorkflowInput {
  const payload = events[0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
  return defaultPayloadConverter.fromPayload(payload);
}

function signalledId(event: HistoryEvent): string | null {
  const signalled = event.workflowExecutionSignaledEventAttributes;
  if (signalled?.signalName !== NOTIFICATION_QUEUED_SIGNAL) return null;
  return defaultPayloadConverter.fromPayload(signalled.input!.payloads![0]!);
}
