import { OrderRepository, type TransitionRecord } from '@libs/orders/order.repository';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * A transition is recorded by the order worker's activity, which Temporal retries after a crash: its
 * state, its event and its notification are written together once per attempt retried, and never for
 * a version a refresh has superseded. Real PostgreSQL.
 */
describe('OrderRepository.recordTransition (PostgreSQL)', () => {
  let kit: NotificationTestKit;
  let orders: OrderRepository;
  let accountId: string;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    orders = new OrderRepository(kit.dataSource);
    accountId = (await createAccount(kit)).id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  const transition = (orderid: string, overrides: Partial<TransitionRecord> = {}): TransitionRecord => ({
    orderid,
    version: 1,
    fromState: 'confirmed',
    toState: 'received',
    trigger: 'collection-started',
    detail: { step: 'login' },
    at: new Date('2026-11-26T09:00:00.000Z'),
    ...overrides,
  });

  async function written(orderid: string) {
    const order = await kit.dataSource.getRepository(OrderEntity).findOneByOrFail({ orderid });
    const events: {
      from_state: string | null;
      to_state: string;
      trigger: string;
      detail: unknown;
      created_at: Date;
    }[] = await kit.dataSource.query(
      `SELECT from_state, to_state, trigger, detail, created_at FROM order_events
          WHERE orderid = $1 AND trigger <> 'test-fixture' ORDER BY id`,
      [orderid],
    );
    const notifications: {
      id: string;
      status: string;
      order_version: number;
      test: boolean;
      created_at: Date;
    }[] = await kit.dataSource.query(
      `SELECT id, status, order_version, test, created_at FROM notifications WHERE orderid = $1 ORDER BY created_at`,
      [orderid],
    );
    return { order, events, notifications };
  }

  it('writes the state, one event and one notification together, and returns the notification', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'confirmed' });
    const at = new Date('2026-11-26T09:00:00.000Z');

    const result = await orders.recordTransition(transition(orderid, { at }));

    const { order, events, notifications } = await written(orderid);
    expect(order.state).toBe('received');
    expect(order.updatedAt.toISOString()).toBe(at.toISOString());
    expect(order.doneAt).toBeNull();
    expect(events).toEqual([
      {
        from_state: 'confirmed',
        to_state: 'received',
        trigger: 'collection-started',
        detail: { step: 'login' },
        created_at: at,
      },
    ]);
    expect(notifications).toEqual([
      { id: result!.notificationId, status: 'received', order_version: 1, test: false, created_at: at },
    ]);
  });

  it('stamps `done` with the time of the transition', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'received' });
    const at = new Date('2026-11-26T10:30:00.000Z');

    await orders.recordTransition(
      transition(orderid, {
        fromState: 'received',
        toState: 'done',
        trigger: 'pre-statement-generated',
        at,
      }),
    );

    const { order } = await written(orderid);
    expect(order.state).toBe('done');
    expect(order.doneAt!.toISOString()).toBe(at.toISOString());
  });

  it('writes nothing more when the activity is retried, later, and answers the same notification', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'confirmed' });
    const first = await orders.recordTransition(transition(orderid));

    // A workflow task run again after a worker crash has a later clock.
    const retried = await orders.recordTransition(
      transition(orderid, { at: new Date('2026-11-26T09:00:05.000Z') }),
    );

    expect(retried).toEqual(first);
    const { order, events, notifications } = await written(orderid);
    expect(order.updatedAt.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    expect(events).toHaveLength(1);
    expect(notifications).toHaveLength(1);
  });

  it('records a transition again in the same version once another came between', async () => {
    // An operator marks a document as not existing, then as existing after all: `waiting`, `received`,
    // `waiting` again, each with its notification.
    const { orderid } = await createOrder(kit, accountId, { state: 'received' });
    const step = (fromState: 'received' | 'waiting', minute: number) =>
      transition(orderid, {
        fromState,
        toState: fromState === 'received' ? 'waiting' : 'received',
        trigger: fromState === 'received' ? 'documents-missing' : 'documents-arrived',
        at: new Date(`2026-11-26T09:0${minute}:00.000Z`),
      });
    const first = await orders.recordTransition(step('received', 1));
    await orders.recordTransition(step('waiting', 2));

    const again = await orders.recordTransition(step('received', 3));
    const retried = await orders.recordTransition(step('received', 4));

    expect(again!.notificationId).not.toBe(first!.notificationId);
    expect(retried).toEqual(again);
    const { order, events, notifications } = await written(orderid);
    expect(order.state).toBe('waiting');
    expect(events.map((e) => `${e.from_state}>${e.to_state}`)).toEqual([
      'received>waiting',
      'waiting>received',
      'received>waiting',
    ]);
    expect(notifications.map((n) => n.status)).toEqual(['waiting', 'received', 'waiting']);
    expect(notifications[2]!.id).toBe(again!.notificationId);
  });

  it('records the same transition again in the next version', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'confirmed' });
    const first = await orders.recordTransition(transition(orderid));
    await kit.dataSource.query(`UPDATE orders SET version = 2, state = 'confirmed' WHERE orderid = $1`, [
      orderid,
    ]);

    const second = await orders.recordTransition(
      transition(orderid, { version: 2, at: new Date('2026-11-26T11:00:00.000Z') }),
    );

    expect(second!.notificationId).not.toBe(first!.notificationId);
    const { order, events, notifications } = await written(orderid);
    expect(order.state).toBe('received');
    expect(events).toHaveLength(2);
    expect(notifications.map((n) => n.order_version)).toEqual([1, 2]);
  });

  it('writes nothing for a version a refresh has superseded, and returns null', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'confirmed' });
    await kit.dataSource.query(`UPDATE orders SET version = 2 WHERE orderid = $1`, [orderid]);

    const result = await orders.recordTransition(transition(orderid, { version: 1 }));

    expect(result).toBeNull();
    const { order, events, notifications } = await written(orderid);
    expect(order.state).toBe('confirmed');
    expect(events).toHaveLength(0);
    expect(notifications).toHaveLength(0);
  });
});
