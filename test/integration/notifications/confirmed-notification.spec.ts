import { orderProcessingSettings } from '@libs/orders/workflow-starts/order-processing-settings';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient } from '../../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { orderBody } from '../../support/order-fixtures';
import { orderWorkflowsStarted } from '../../support/order-workflows';
import { waitFor } from '../../support/wait-for';

interface LogEntry {
  id: string;
  status: string;
  test: boolean;
  delivered: string | null;
}

/**
 * The published interface sends a notification at every state change, the creation's (none) →
 * `confirmed` included: it is every order's first notification, sent once.
 */
describe('the `confirmed` notification (API, worker, Temporal, all real)', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack({ ORDER_START_GRACE: '0s' });
  });
  afterAll(() => stack.close());

  const logOf = async (orderid: string): Promise<LogEntry[]> => {
    const res = await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  };
  /** The states the order went through (events that change no state, like an operator's, aside). */
  const statesOf = async (orderid: string): Promise<string[]> =>
    (await stack.transitionsOf(orderid))
      .map((t) => t.split('>'))
      .filter(([from, to]) => from !== to)
      .map(([, to]) => to!);

  /** Every state change notified once, in order, `confirmed` first; its body is the published one. */
  async function expectConfirmedFirstAndOnce(orderid: string, externalId: string): Promise<void> {
    const states = await statesOf(orderid);
    await waitFor(() => stack.receiver.statusesOf(orderid).length >= states.length, {
      what: `the notifications of ${orderid}`,
    });
    const statuses = stack.receiver.statusesOf(orderid);
    expect(statuses).toEqual(states);
    expect(statuses[0]).toBe('confirmed');
    expect(statuses.filter((s) => s === 'confirmed')).toHaveLength(1);
    const [confirmed] = stack.receiver.forOrder(orderid);
    expect(confirmed!.raw).toBe(JSON.stringify({ status: 'confirmed', orderid, external_id: externalId }));
    const log = await logOf(orderid);
    expect(log[0]).toMatchObject({ status: 'confirmed', test: false, id: confirmed!.headers['webhook-id'] });
    expect(log[0]!.delivered).not.toBeNull();
  }

  it('is the first notification of every order, once: test mode, waiting, and a live order operators fulfil', async () => {
    const straight = await stack.createOrder({ external_id: 'CONF-1', test_mode: true });
    const missing = await stack.createOrder({
      external_id: 'CONF-2',
      test_mode: true,
      syndic: { name: 'Foncia', username: 'sandbox-missing-docs', password: 'pw' },
    });
    const live = await stack.createOrder({
      external_id: 'CONF-3',
      test_mode: false,
      method: 'upload',
      syndic: undefined,
    });
    for (const orderid of [straight, missing]) {
      await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: `${orderid} done` });
    }
    // A live upload order waits for an operator to read its figures: nothing more is sent meanwhile.
    await waitFor(
      async () =>
        (
          await stack.api.dataSource.query<{ fulfilment_mode: string }[]>(
            `SELECT fulfilment_mode FROM orders WHERE orderid = $1`,
            [live],
          )
        )[0]?.fulfilment_mode === 'assisted',
      { what: 'live order assisted' },
    );

    expect(await statesOf(straight)).toEqual(['confirmed', 'received', 'done']);
    await expectConfirmedFirstAndOnce(straight, 'CONF-1');
    expect(await statesOf(missing)).toEqual(['confirmed', 'received', 'waiting', 'received', 'done']);
    await expectConfirmedFirstAndOnce(missing, 'CONF-2');
    expect(await statesOf(live)).toEqual(['confirmed']);
    await expectConfirmedFirstAndOnce(live, 'CONF-3');
  });

  describe('an order accepted while Temporal was unreachable', () => {
    let down: ApiTestApp;

    beforeAll(async () => {
      down = await startApiTestApp({
        env: { ...stack.env, TEMPORAL_ADDRESS: '127.0.0.1:1', TEMPORAL_CLIENT_MAX_ATTEMPTS: '2' },
      });
    });
    afterAll(() => down.close());

    it('has its notification written with it, sent first once started, never twice however often started', async () => {
      const res = await new HttpTestClient(down.baseUrl).post(
        '/order/',
        orderBody({ external_id: 'CONF-DOWN' }),
        stack.account.headers,
      );
      expect(res.status).toBe(200);
      const { orderid } = (res.json as { payload: { orderid: string } }).payload;
      // Committed with the order, before any workflow exists.
      const rows = await stack.api.dataSource.query<{ status: string; delivered_at: Date | null }[]>(
        `SELECT status, delivered_at FROM notifications WHERE orderid = $1`,
        [orderid],
      );
      expect(rows).toEqual([{ status: 'confirmed', delivered_at: null }]);

      // The sweep starts it; so do the relay and a repeated start: one run, one `confirmed`.
      await stack.api.sweep.sweep();
      await orderWorkflowsStarted(stack.api.dataSource, orderid);
      const starter = new TemporalOrderWorkflowStarter(
        stack.api.temporal,
        stack.api.config.temporal.taskQueue,
        orderProcessingSettings(stack.api.config.lifecycle, stack.api.config.extranet),
      );
      const order = { orderid, account: stack.account.email, externalId: 'CONF-DOWN', testMode: true };
      await starter.start(order);
      await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
      await starter.start(order);
      await expectConfirmedFirstAndOnce(orderid, 'CONF-DOWN');
    });
  });
});
