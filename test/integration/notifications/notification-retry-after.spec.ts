import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { type ReceivedWebhook } from '../../support/webhook-receiver';
import { waitFor } from '../../support/wait-for';

/**
 * A receiver (or a rate-limiting proxy in front of it) that answers 429 with `Retry-After: 1` at every
 * attempt. Its `Retry-After` replaced the planned delays: one attempt a second, for the 4 days before
 * the notification is given up, each one logged. It may ask for longer than planned, never for shorter
 * (docs/contract.md §6, "retried with growing delays"). Real API, worker, Temporal and receiver.
 */
describe('a receiver asking for a retry in one second, again and again', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    // The planned second attempt comes 4 s after the first.
    stack = await startLifecycleStack({ NOTIFICATION_RETRY_DELAYS: '4s,10m' });
  });
  afterAll(() => stack.close());

  it('is tried again on the planned schedule, not at every second it asks for', async () => {
    const reference = 'DOSSIER-RETRY-AFTER';
    const answer = stack.receiver.respond;
    const attempts: number[] = [];
    stack.receiver.respond = (webhook: ReceivedWebhook) => {
      if (webhook.body.external_id !== reference) return answer(webhook);
      attempts.push(webhook.receivedAt);
      return { status: 429, headers: { 'Retry-After': '1' } };
    };
    await stack.createOrder({ test_mode: true, external_id: reference });
    await waitFor(() => attempts.length >= 2, { what: 'a second attempt', timeoutMs: 20_000 });
    // ±10 % jitter on the planned 4 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(3_500);
    // And no third before the planned ten minutes.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(attempts).toHaveLength(2);
  });
});
