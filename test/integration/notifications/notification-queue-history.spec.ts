import {
  NOTIFICATION_QUEUED_SIGNAL,
  ORDER_NOTIFICATIONS_WORKFLOW_TYPE,
  type OrderNotificationsWorkflowInput,
  notificationTaskQueue,
  orderNotificationsWorkflowId,
} from '@libs/notifications/notification-workflow.contract';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { type ReceivedWebhook } from '../../support/webhook-receiver';
import { waitFor } from '../../support/wait-for';

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

  it('carries on to new runs while busy, each with a short history, and delivers everything in order', async () => {
    const orderid = await stack.createOrder({ test_mode: true, external_id: 'DOSSIER-FILE-CHARGEE' });
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, {
      what: 'the order’s notifications',
    });
    const temporal = stack.api.temporal;
    const workflowId = orderNotificationsWorkflowId(orderid);
    // The queue the order opened closes; this test's run takes its place, with a small limit.
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
      historyEventLimit: HISTORY_EVENT_LIMIT,
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

    // The receiver takes 40 ms a notification; the client sends test events faster, one after another.
    const answer = stack.receiver.respond;
    stack.receiver.respond = (webhook: ReceivedWebhook) =>
      webhook.body.orderid === orderid ? { status: 200, delayMs: 40 } : answer(webhook);
    const sent: string[] = [];
    try {
      for (let i = 0; i < EVENTS; i++) {
        const res = await stack.http.post(
          '/test/webhook-events',
          { orderid, event: i % 2 === 0 ? 'waiting' : 'received' },
          stack.account.headers,
        );
        expect(res.status).toBe(200);
        sent.push((res.json as { payload: { notification_id: string } }).payload.notification_id);
      }
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
});
