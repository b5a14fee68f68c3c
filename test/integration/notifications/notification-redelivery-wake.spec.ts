import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { type ReceivedWebhook } from '../../support/webhook-receiver';
import { waitFor } from '../../support/wait-for';

interface LogEntry {
  id: string;
  status: string;
  attempt_count: number;
  delivered: string | null;
  attempts: { http_status: number | null }[];
}

/**
 * A notification its receiver refused waits in its order's queue for its next attempt (minutes to a
 * day), and the order's later notifications wait behind it. Once the client has fixed its endpoint and
 * redelivered it, they follow at once, not at the head's next attempt. Real API, worker, Temporal.
 */
describe('a redelivery of the head of an order’s notification queue', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    // The second attempt waits ten minutes: far beyond this test.
    stack = await startLifecycleStack({ NOTIFICATION_RETRY_DELAYS: '200ms,10m' });
  });
  afterAll(() => stack.close());

  async function logOf(orderid: string): Promise<LogEntry[]> {
    const res = await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  }

  /**
   * A test order done, whose receiver refused its `confirmed` twice: the order's other notifications
   * wait behind it, its next attempt ten minutes away. `fix` makes the receiver accept them.
   */
  async function orderBehindARefusedHead(reference: string) {
    const answer = stack.receiver.respond;
    stack.receiver.respond = (webhook: ReceivedWebhook) =>
      webhook.body.external_id === reference ? 500 : answer(webhook);
    const orderid = await stack.createOrder({ test_mode: true, external_id: reference });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    const head = await waitFor(
      async () => {
        const [first] = await logOf(orderid);
        return first !== undefined && first.attempt_count === 2 ? first : null;
      },
      { what: 'two refused attempts of the head' },
    );
    return { orderid, head, fix: () => (stack.receiver.respond = answer) };
  }

  it('lets the order’s later notifications follow at once when it delivers the one they wait behind', async () => {
    const { orderid, head, fix } = await orderBehindARefusedHead('DOSSIER-REDELIVERY-WAKE');
    expect(head.status).toBe('confirmed');
    expect(stack.receiver.statusesOf(orderid)).toEqual([]);

    // The client fixes its endpoint, and redelivers the notification the others wait behind.
    fix();
    const res = await stack.http.post(
      `/order/${orderid}/notifications/${head.id}/redeliver`,
      undefined,
      stack.account.headers,
    );
    expect(res.status).toBe(200);

    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, {
      what: 'the notifications behind the head, long before its next attempt',
      timeoutMs: 15_000,
    });
    expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
    // Each sent once: the queue found its head delivered and did not send it again.
    await waitFor(async () => (await logOf(orderid)).every((n) => n.delivered !== null), {
      what: 'every delivery logged',
    });
    const successes = (await logOf(orderid)).map(
      (n) => n.attempts.filter((attempt) => attempt.http_status === 200).length,
    );
    expect(successes).toEqual([1, 1, 1]);
  });

  it('keeps the order of the state changes when asked to redeliver one queued behind another', async () => {
    const { orderid, fix } = await orderBehindARefusedHead('DOSSIER-REDELIVERY-ORDER');
    const last = (await logOf(orderid)).at(-1)!;
    expect(last.status).toBe('done');
    expect(last.attempt_count).toBe(0);

    // The client fixes its endpoint and asks for the `done`, which waits behind `confirmed`: sent
    // around the queue, it reached the client before the state changes that came first.
    fix();
    const res = await stack.http.post(
      `/order/${orderid}/notifications/${last.id}/redeliver`,
      undefined,
      stack.account.headers,
    );
    expect(res.status).toBe(200);
    expect((res.json as { payload: { id: string } }).payload.id).toBe(last.id);

    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, {
      what: 'the queue tried again at once, in order',
      timeoutMs: 15_000,
    });
    expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
  });
});
