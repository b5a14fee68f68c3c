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

  it('lets the order’s later notifications follow at once when it delivers the one they wait behind', async () => {
    const reference = 'DOSSIER-REDELIVERY-WAKE';
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
    expect(head.status).toBe('confirmed');
    expect(stack.receiver.statusesOf(orderid)).toEqual([]);

    // The client fixes its endpoint, and redelivers the notification the others wait behind.
    stack.receiver.respond = answer;
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
});
