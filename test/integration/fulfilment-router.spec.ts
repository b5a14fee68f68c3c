import { FulfilmentRouter } from '@libs/fulfilment/fulfilment-router';
import { OrderRepository } from '@libs/orders/order.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * An operator may switch a round to assisted while the order's workflow is still routing it (the
 * switch is allowed before a round is routed). The routing's record came after the switch's and wrote
 * `automatic` over it: the order left the operators' queue while its workflow waited for them. Real
 * PostgreSQL.
 */
describe('FulfilmentRouter after an operator’s switch (PostgreSQL)', () => {
  let kit: NotificationTestKit;
  let accountId: string;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    accountId = (await createAccount(kit)).id;
  });
  afterAll(() => kit?.close());

  /** A live order whose syndic a connector serves: routing alone would make its round automatic. */
  async function servedOrder(
    assignments = '',
  ): Promise<{ orderid: string; router: FulfilmentRouter; orders: OrderRepository }> {
    const { orderid } = await createOrder(kit, accountId, { state: 'confirmed', testMode: false });
    await kit.dataSource.query(
      `UPDATE orders SET syndic_name = 'Foncia', syndic_username = 'u', syndic_password_sealed = 's'${assignments}
        WHERE orderid = $1`,
      [orderid],
    );
    const orders = new OrderRepository(kit.dataSource);
    const router = new FulfilmentRouter(new TransactionRunner(kit.dataSource), orders, {
      serves: () => true,
    });
    return { orderid, router, orders };
  }

  it('keeps the switch of the round being routed, and says so', async () => {
    // The operator's switch, recorded while the workflow routed the round.
    const { orderid, router, orders } = await servedOrder(
      `, fulfilment_mode = 'assisted', assistance_reason = 'operator_switch',
         assistance_detail = 'Le syndic répond par téléphone', assisted_since = now()`,
    );

    const decision = await router.route(orderid, 1, new Date());

    expect(decision).toEqual({
      mode: 'assisted',
      reason: 'operator_switch',
      detail: 'Le syndic répond par téléphone',
    });
    const order = (await orders.findById(orderid))!;
    expect(order.fulfilmentMode).toBe('assisted');
    expect(order.assistanceReason).toBe('operator_switch');
  });

  it('routes a round a connector serves to it otherwise', async () => {
    const { orderid, router, orders } = await servedOrder();
    expect((await router.route(orderid, 1, new Date())).mode).toBe('automatic');
    expect((await orders.findById(orderid))!.fulfilmentMode).toBe('automatic');
  });
});
