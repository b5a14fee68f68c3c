import { createWorkerRuntime } from '@apps/worker/src/worker.composition';
import { loadConfig } from '@libs/platform/config/app-config';
import { orderNotificationsWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { closedPort } from '../../support/closed-port';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { waitFor } from '../../support/wait-for';
import { WebhookReceiver } from '../../support/webhook-receiver';

interface Attempt {
  attempted_at: string;
  error: string | null;
  http_status: number | null;
}
interface LogEntry {
  id: string;
  status: string;
  attempt_count: number;
  attempts: Attempt[];
  delivered: string | null;
  failed: string | null;
  last_error: string | null;
}

describe('notification delivery through Temporal: outages, ordering, 410, worker restarts', () => {
  let stack: LifecycleStack;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // A short idle time, so a test sees an order's notification queue close and start again.
    stack = await startLifecycleStack({ NOTIFICATION_QUEUE_IDLE: '1s' });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await stack.close();
  });

  async function receiver(port = 0): Promise<WebhookReceiver> {
    const started = await new WebhookReceiver().start(port);
    receivers.push(started);
    return started;
  }

  const createOrder = (overrides: Record<string, unknown>) => stack.createOrder(overrides);
  const stateOf = (orderid: string) => stack.stateOf(orderid);

  async function logOf(orderid: string): Promise<LogEntry[]> {
    const res = await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  }

  /** A whole other order delivered end to end: time passes for the others without a fixed sleep. */
  async function anotherOrderDelivered(): Promise<string> {
    const orderid = await createOrder({ test_mode: true });
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: `${orderid} delivered` });
    return orderid;
  }

  it('retries through connection refused and 500s until a 2xx, in order, without delaying other orders', async () => {
    const port = await closedPort();
    const blocked = await createOrder({ test_mode: true, callback_url: `http://127.0.0.1:${port}/hook` });
    await waitFor(
      async () =>
        ((await logOf(blocked))[0]?.attempts ?? []).filter((a) => a.error?.includes('ECONNREFUSED')).length >=
        2,
      { what: 'refused connections logged' },
    );

    // Processing and other orders go on while the callback is down.
    await waitFor(async () => (await stateOf(blocked)) === 'done', { what: 'blocked order done' });
    const other = await anotherOrderDelivered();
    expect(stack.receiver.statusesOf(other)).toEqual(['confirmed', 'received', 'done']);
    expect((await logOf(blocked)).every((n) => n.delivered === null)).toBe(true);

    // The receiver comes up, failing.
    const late = await receiver(port);
    late.respond = () => 500;
    await waitFor(async () => (await logOf(blocked))[0]!.attempts.some((a) => a.http_status === 500), {
      what: 'HTTP 500 logged',
    });
    expect(late.received).toHaveLength(0);

    // Then accepts: delivered once each, in the order of the state changes.
    late.respond = () => 200;
    await waitFor(async () => (await logOf(blocked)).every((n) => n.delivered !== null), {
      what: 'deliveries',
    });
    expect(late.statusesOf(blocked)).toEqual(['confirmed', 'received', 'done']);
    const [confirmed, ...later] = await logOf(blocked);
    const errors = confirmed!.attempts.map((a) => a.error ?? String(a.http_status));
    expect(errors.some((e) => e.includes('ECONNREFUSED'))).toBe(true);
    expect(errors).toContain('HTTP 500');
    expect(confirmed!.attempts.at(-1)).toMatchObject({ http_status: 200, error: null });
    expect(confirmed!.attempt_count).toBe(confirmed!.attempts.length);
    // The later notifications waited for the first one: their first attempts came after its delivery.
    expect(later).toHaveLength(2);
    for (const notification of later) {
      expect(Date.parse(notification.attempts[0]!.attempted_at)).toBeGreaterThanOrEqual(
        Date.parse(confirmed!.delivered!),
      );
      expect(notification.attempts.filter((a) => a.http_status === 200)).toHaveLength(1);
    }
  });

  it('a receiver that never answers holds up only that order’s later notifications, never its processing', async () => {
    const hanging = await receiver();
    // Far beyond NOTIFICATION_TIMEOUT (2 s here): every attempt times out before the answer comes.
    hanging.respond = () => ({ status: 500, delayMs: 60_000 });
    const orderid = await createOrder({ test_mode: true, callback_url: hanging.url });
    await waitFor(async () => (await stateOf(orderid)) === 'done', { what: 'order done' });
    expect(await stack.transitionsOf(orderid)).toEqual(['>confirmed', 'confirmed>received', 'received>done']);
    const [confirmed, received, done] = await logOf(orderid);
    expect(confirmed!.delivered).toBeNull();
    expect(received!.attempts).toEqual([]);
    expect(done!.attempts).toEqual([]);

    hanging.respond = () => 200;
    await waitFor(async () => (await logOf(orderid)).every((n) => n.delivered !== null), {
      what: 'deliveries once the receiver answers',
      timeoutMs: 30_000,
    });
    const timedOut = (await logOf(orderid))[0]!.attempts.filter((a) => a.http_status === null);
    expect(timedOut.length).toBeGreaterThan(0);
    expect(hanging.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
  });

  it('closes an idle order queue, and the next notification (a test event) starts it again', async () => {
    const orderid = await createOrder({ test_mode: true });
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: 'state changes' });
    const queue = stack.api.temporal.workflow.getHandle(orderNotificationsWorkflowId(orderid));
    await waitFor(async () => (await queue.describe()).status.name === 'COMPLETED', {
      what: 'idle queue closed',
    });
    const firstRun = (await queue.describe()).runId;

    const sent = await stack.http.post(
      '/test/webhook-events',
      { orderid, event: 'waiting' },
      stack.account.headers,
    );
    expect(sent.status).toBe(200);
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 4, { what: 'test event' });
    expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done', 'waiting']);
    const secondRun = await queue.describe();
    expect(secondRun.runId).not.toBe(firstRun);
    expect(['RUNNING', 'COMPLETED']).toContain(secondRun.status.name);
  });

  it('sends a backlog queued while the worker was stopped in order, several per local activity', async () => {
    const orderid = await createOrder({ test_mode: true });
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: 'state changes' });
    const events = ['waiting', 'need-refresh', 'confirmed', 'received', 'done'];
    await stack.stopWorker();
    try {
      for (const event of events) {
        const sent = await stack.http.post('/test/webhook-events', { orderid, event }, stack.account.headers);
        expect(sent.status).toBe(200);
      }
    } finally {
      await stack.startWorker();
    }
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3 + events.length, {
      what: 'backlog delivered',
    });
    expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done', ...events]);
    // A batch's attempts are logged together once its last answer is in, after the receiver has them.
    await waitFor(async () => (await logOf(orderid)).every((n) => n.delivered !== null), {
      what: 'the backlog logged',
    });
    const log = await logOf(orderid);
    expect(log.map((n) => n.attempts.filter((a) => a.http_status === 200).length)).toEqual(log.map(() => 1));
    // The run that sent the backlog recorded fewer local activities than notifications it sent.
    const queue = stack.api.temporal.workflow.getHandle(orderNotificationsWorkflowId(orderid));
    const history = await queue.fetchHistory();
    const attempts = (history.events ?? []).filter(
      (e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    );
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.length).toBeLessThan(events.length);
  });

  /** A worker runtime of its own for `WORKER_QUEUES=queues`, running; the function returned stops it. */
  async function startWorker(queues: string): Promise<() => Promise<void>> {
    const runtime = await createWorkerRuntime(
      loadConfig({ ...process.env, ...stack.env, WORKER_QUEUES: queues }),
    );
    const running = runtime.run();
    return async () => {
      runtime.shutdown();
      await running;
      await runtime.close();
    };
  }

  it('splits into an order worker and a notification worker (WORKER_QUEUES), each doing only its part', async () => {
    await stack.stopWorker();
    const stopOrders = await startWorker('orders');
    let stopNotifications: (() => Promise<void>) | null = null;
    try {
      const orderid = await createOrder({ test_mode: true });
      await waitFor(async () => (await stateOf(orderid)) === 'done', { what: 'processed without notifier' });
      expect((await logOf(orderid)).map((n) => n.attempt_count)).toEqual([0, 0, 0]);

      stopNotifications = await startWorker('notifications');
      await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: 'delivered by notifier' });
      expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
    } finally {
      await stopNotifications?.();
      await stopOrders();
      await stack.startWorker();
    }
  });

  it('loads the order side (pdfkit, fontkit, pdf-lib) only in a worker that polls the order task queue', async () => {
    // A notification worker would keep them for its life: about 23 MiB at rest on Node 20 and 24.
    const orderSide = '@apps/worker/src/order-activities.composition';
    const loads: string[] = [];
    jest.doMock(orderSide, () => {
      loads.push(orderSide);
      return jest.requireActual(orderSide);
    });
    await stack.stopWorker();
    try {
      const orderid = await createOrder({ test_mode: true });
      const stopNotifications = await startWorker('notifications');
      try {
        // It delivers, the specimen of a test `done` included (loaded when first needed).
        const res = await stack.http.post(
          '/test/webhook-events',
          { orderid, event: 'done' },
          stack.account.headers,
        );
        expect(res.status).toBe(200);
        await waitFor(() => stack.receiver.statusesOf(orderid).includes('done'), {
          what: 'the test done delivered by the notification worker',
        });
      } finally {
        await stopNotifications();
      }
      expect(loads).toEqual([]);
      // The probe sees the order side when a worker does poll the order task queue.
      const stopOrders = await startWorker('orders');
      await stopOrders();
      expect(loads).toEqual([orderSide]);
    } finally {
      jest.dontMock(orderSide);
      await stack.startWorker();
    }
  });

  it('stops retrying a notification answered with 410 Gone and records it', async () => {
    const gone = await receiver();
    gone.respond = () => 410;
    const orderid = await createOrder({ test_mode: true, callback_url: gone.url });
    await waitFor(
      async () => {
        const log = await logOf(orderid);
        return log.length === 3 && log.every((n) => n.failed !== null);
      },
      { what: 'every notification given up' },
    );
    await anotherOrderDelivered();
    for (const notification of await logOf(orderid)) {
      expect(notification).toMatchObject({
        attempt_count: 1,
        delivered: null,
        last_error: 'HTTP 410 Gone: the receiver asked for no more deliveries',
      });
      expect(notification.attempts.map((a) => a.http_status)).toEqual([410]);
    }
  });

  it('delivers exactly once after the worker is stopped while a delivery is pending, then restarted', async () => {
    const flaky = await receiver();
    flaky.respond = () => 500;
    const orderid = await createOrder({ test_mode: true, callback_url: flaky.url });
    await waitFor(async () => ((await logOf(orderid))[0]?.attempt_count ?? 0) >= 2, {
      what: 'failed attempts',
    });

    await stack.stopWorker();
    flaky.respond = () => 200;
    await stack.startWorker();

    await waitFor(
      async () => {
        const log = await logOf(orderid);
        return log.length === 3 && log.every((n) => n.delivered !== null);
      },
      { what: 'deliveries after the restart' },
    );
    expect(flaky.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
    for (const notification of await logOf(orderid)) {
      expect(notification.attempts.filter((a) => a.http_status === 200)).toHaveLength(1);
      expect(flaky.received.filter((w) => w.headers['webhook-id'] === notification.id)).toHaveLength(1);
    }
    expect(await stateOf(orderid)).toBe('done');
  });
});
