import {
  NOTIFICATION_QUEUED_SIGNAL,
  NOTIFICATION_RETRY_NOW_SIGNAL,
  ORDER_NOTIFICATIONS_WORKFLOW_TYPE,
  type OrderNotificationsWorkflowInput,
  notificationTaskQueue,
  orderNotificationsWorkflowId,
} from '@libs/notifications/notification-workflow.contract';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { type ReceivedWebhook } from '../../support/webhook-receiver';
import { localActivityType } from '../../support/local-activity-markers';
import { waitFor } from '../../support/wait-for';
import { recordWorkflowHistory } from '../../support/workflow-history-recorder';

const EVENTS = 150;
const HISTORY_EVENT_LIMIT = 40;

/**
 * An order's notification queue keeps each run's history short by carrying on to a new run. It used to
 * check only when it had nothing left to send: a queue fed faster than its receiver answers (test
 * events, a slow endpoint) never empties, and its one run would grow until Temporal's limit ended it,
 * with the notifications still queued. Real API, worker and Temporal; the queue's run is started by the
 * test with a small history limit, as the starter would with 5,000.
 */
describe('an order’s notification queue that never empties', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack();
  });
  afterAll(() => stack.close());

  /**
   * A test-mode order whose notifications were delivered, its queue replaced by a run the test starts
   * with its own limits (the queue the order opened is ended).
   */
  async function orderWithTestQueue(
    limits: Pick<OrderNotificationsWorkflowInput, 'historyEventLimit' | 'idsHeldAtMost'>,
  ): Promise<{ orderid: string; workflowId: string; startedAt: Date }> {
    const orderid = await stack.createOrder({ test_mode: true, external_id: 'DOSSIER-FILE-CHARGEE' });
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, {
      what: 'the order’s notifications',
    });
    const temporal = stack.api.temporal;
    const workflowId = orderNotificationsWorkflowId(orderid);
    await temporal.workflow
      .getHandle(workflowId)
      .terminate('replaced by the test')
      .catch(() => undefined);
    const { lifecycle } = stack.api.config;
    const input: OrderNotificationsWorkflowInput = {
      orderid,
      settings: {
        notificationRetryDelaysMs: lifecycle.notificationRetryDelaysMs,
        notificationDeadlineMs: lifecycle.notificationDeadlineMs,
        notificationQueueIdleMs: lifecycle.notificationQueueIdleMs,
      },
      attemptsInBatches: true,
      carriesOnWhileBusy: true,
      ...limits,
    };
    const delivered = stack.receiver.forOrder(orderid)[0]!.headers['webhook-id']!;
    const first = await temporal.workflow.signalWithStart(ORDER_NOTIFICATIONS_WORKFLOW_TYPE, {
      taskQueue: notificationTaskQueue(stack.api.config.temporal.taskQueue),
      workflowId,
      args: [input],
      signal: NOTIFICATION_QUEUED_SIGNAL,
      // Already delivered: the queue finds it settled and sends nothing.
      signalArgs: [delivered],
    });
    const { startTime: startedAt } = await first.describe();
    return { orderid, workflowId, startedAt };
  }

  /** Test events for the order, one after another through the API; their notification ids. */
  async function sendTestEvents(orderid: string, count: number): Promise<string[]> {
    const sent: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await stack.http.post(
        '/test/webhook-events',
        { orderid, event: i % 2 === 0 ? 'waiting' : 'received' },
        stack.account.headers,
      );
      expect(res.status).toBe(200);
      sent.push((res.json as { payload: { notification_id: string } }).payload.notification_id);
    }
    return sent;
  }

  it('carries on to new runs while busy, each with a short history, and delivers everything in order', async () => {
    const { orderid, workflowId, startedAt } = await orderWithTestQueue({
      historyEventLimit: HISTORY_EVENT_LIMIT,
    });
    const temporal = stack.api.temporal;

    // The receiver takes 40 ms a notification; the client sends test events faster, one after another.
    const answer = stack.receiver.respond;
    stack.receiver.respond = (webhook: ReceivedWebhook) =>
      webhook.body.orderid === orderid ? { status: 200, delayMs: 40 } : answer(webhook);
    let sent: string[];
    try {
      sent = await sendTestEvents(orderid, EVENTS);
      await waitFor(() => stack.receiver.forOrder(orderid).length === 3 + EVENTS, {
        what: 'every test event delivered',
        timeoutMs: 60_000,
      });
    } finally {
      stack.receiver.respond = answer;
    }

    const received = stack.receiver.forOrder(orderid).slice(3);
    expect(received.map((webhook) => webhook.headers['webhook-id'])).toEqual(sent);
    const lengths = await waitFor(
      async () => {
        const runs: number[] = [];
        for await (const run of temporal.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
          if (run.startTime < startedAt) continue;
          const history = await temporal.workflow.getHandle(workflowId, run.runId).fetchHistory();
          runs.push(history.events?.length ?? 0);
        }
        return runs.length >= 2 ? runs : null;
      },
      { what: 'the queue’s runs listed' },
    );
    // The check comes between batches: a run may pass the limit by a batch (20 attempts at most) and
    // the signals that came meanwhile, which depends on the machine's load, but never holds the whole
    // stream (one run held it all, 190 events, before the change).
    expect(lengths.length).toBeGreaterThanOrEqual(3);
    for (const length of lengths) expect(length).toBeLessThan(EVENTS);
  });

  it('holds a bounded number of ids while its receiver fails, and reads the rest back from the database', async () => {
    const { orderid, workflowId } = await orderWithTestQueue({ idsHeldAtMost: 3 });
    const answer = stack.receiver.respond;
    let sent: string[];
    try {
      stack.receiver.respond = (webhook: ReceivedWebhook) =>
        webhook.body.orderid === orderid ? 500 : answer(webhook);
      sent = await sendTestEvents(orderid, 20);
    } finally {
      stack.receiver.respond = answer;
    }
    await stack.api.temporal.workflow.getHandle(workflowId).signal(NOTIFICATION_RETRY_NOW_SIGNAL);
    await waitFor(() => stack.receiver.forOrder(orderid).length === 3 + sent.length, {
      what: 'every test event delivered',
    });
    // Received in the order they were queued, each once: the 17 not held came from the database.
    const received = stack.receiver.forOrder(orderid).slice(3);
    expect(received.map((webhook) => webhook.headers['webhook-id'])).toEqual(sent);
    const history = await stack.api.temporal.workflow.getHandle(workflowId).fetchHistory();
    const reads = (history.events ?? []).filter((e) => localActivityType(e) === 'unsettledNotifications');
    expect(reads.length).toBeGreaterThanOrEqual(1);
    await recordWorkflowHistory(stack.api.config.temporal.address, workflowId, 'notification-queue-backlog');
  });
});
