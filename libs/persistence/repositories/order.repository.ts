import { type DataSource, type EntityManager, type Repository } from 'typeorm';
import { type OrderState } from '../../domain/order-state';
import { OrderEventEntity } from '../entities/order-event.entity';
import { OrderEntity } from '../entities/order.entity';

export interface OrderListQuery {
  accountId: string;
  state: OrderState | null;
  externalId: string | null;
  limit: number;
  /** Keyset position: the last order of the previous page. */
  after: { createdAt: Date; orderid: string } | null;
}

export interface TransitionRecord {
  orderid: string;
  fromState: OrderState | null;
  toState: OrderState;
  trigger: string;
  detail: Record<string, unknown>;
  at: Date;
}

const UNIQUE_VIOLATION = '23505';

export class OrderRepository {
  private readonly orders: Repository<OrderEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.orders = dataSource.getRepository(OrderEntity);
  }

  findById(orderid: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ orderid });
  }

  findForAccount(orderid: string, accountId: string): Promise<OrderEntity | null> {
    return this.orders.findOneBy({ orderid, accountId });
  }

  /**
   * Inserts the order and its first event inside `manager`'s transaction.
   * Returns false when the order id is already taken, so the caller draws another.
   */
  async insertWithEvent(manager: EntityManager, order: OrderEntity, trigger: string): Promise<boolean> {
    try {
      await manager.query('SAVEPOINT order_insert');
      await manager.insert(OrderEntity, order);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        await manager.query('ROLLBACK TO SAVEPOINT order_insert');
        return false;
      }
      throw error;
    }
    await manager.insert(OrderEventEntity, {
      orderid: order.orderid,
      fromState: null,
      toState: order.state,
      trigger,
      detail: {},
      createdAt: order.createdAt,
    });
    return true;
  }

  async listForAccount(query: OrderListQuery): Promise<OrderEntity[]> {
    const qb = this.orders
      .createQueryBuilder('o')
      .where('o.account_id = :accountId', { accountId: query.accountId })
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.orderid', 'DESC')
      .limit(query.limit);
    if (query.state) qb.andWhere('o.state = :state', { state: query.state });
    if (query.externalId !== null)
      qb.andWhere('o.external_id = :externalId', { externalId: query.externalId });
    if (query.after) {
      qb.andWhere('(o.created_at, o.orderid) < (:createdAt, :orderid)', {
        createdAt: query.after.createdAt,
        orderid: query.after.orderid,
      });
    }
    return qb.getMany();
  }

  /**
   * Persists a transition: the order's state and `updated`, and one event row, atomically.
   * Idempotent for activity retries: when the order already is in `toState` with an event for the
   * same trigger at the same instant, nothing is written twice.
   */
  async recordTransition(
    t: TransitionRecord,
    changes: Partial<Pick<OrderEntity, 'refreshed'>> = {},
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const existing = await manager
        .getRepository(OrderEventEntity)
        .findOneBy({ orderid: t.orderid, toState: t.toState, trigger: t.trigger, createdAt: t.at });
      if (existing) return;
      await manager.update(
        OrderEntity,
        { orderid: t.orderid },
        { state: t.toState, updatedAt: t.at, ...changes },
      );
      await manager.query(
        `INSERT INTO order_events (orderid, from_state, to_state, trigger, detail, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
        [t.orderid, t.fromState, t.toState, t.trigger, JSON.stringify(t.detail), t.at],
      );
    });
  }

  listEvents(orderid: string): Promise<OrderEventEntity[]> {
    return this.dataSource.getRepository(OrderEventEntity).find({ where: { orderid }, order: { id: 'ASC' } });
  }
}
