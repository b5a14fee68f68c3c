import { randomUUID } from 'node:crypto';
import { type DataSource, type EntityManager, type Repository } from 'typeorm';
import { type CollectionBlock } from './collection/collection-block';
import { type Doctype } from './doctype';
import { type OrderState } from './order-state';
import { type AccountStatement } from '@libs/statement/account-statement';
import { OrderEventEntity } from '@libs/persistence/entities/order-event.entity';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { insertNotificationRow } from '@libs/notifications/notification-row.writer';
import { EntityRowReader } from '@libs/persistence/entity-row.reader';

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
  /** The order version the transition belongs to; a transition of a superseded version is dropped. */
  version: number;
  fromState: OrderState | null;
  toState: OrderState;
  trigger: string;
  detail: Record<string, unknown>;
  at: Date;
}

export class OrderRepository {
  private readonly orders: Repository<OrderEntity>;
  private readonly rows: EntityRowReader<OrderEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.orders = dataSource.getRepository(OrderEntity);
    this.rows = new EntityRowReader(dataSource, OrderEntity);
  }

  /** An order's processing reads it several times: one written query, not TypeORM's find. */
  findById(orderid: string): Promise<OrderEntity | null> {
    return this.rows.one(`SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE orderid = $1`, [orderid]);
  }

  /**
   * The order's collection round, which stays current until the end of `tx`: a refresh (which locks
   * the order, `findLocked`) waits for it. Other changes to the order do not (KEY SHARE). With it, when
   * the round was done: whether the order is still open is decided on what the round is.
   */
  async currentRoundHeld(
    tx: EntityManager,
    orderid: string,
  ): Promise<{ version: number; doneAt: Date | null }> {
    const [row] = (await tx.query(`SELECT version, done_at FROM orders WHERE orderid = $1 FOR KEY SHARE`, [
      orderid,
    ])) as { version: number; done_at: Date | null }[];
    if (!row) throw new Error(`Order ${orderid} does not exist`);
    return { version: row.version, doneAt: row.done_at };
  }

  /** The order, locked until the end of the transaction `tx` (changes to one order take turns). */
  findLocked(tx: EntityManager, orderid: string): Promise<OrderEntity | null> {
    return tx.findOne(OrderEntity, { where: { orderid }, lock: { mode: 'pessimistic_write' } });
  }

  async update(tx: EntityManager, orderid: string, changes: Partial<OrderEntity>): Promise<void> {
    await tx.update(OrderEntity, { orderid }, changes);
  }

  findForAccount(orderid: string, accountId: string): Promise<OrderEntity | null> {
    return this.rows.one(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE orderid = $1 AND account_id = $2`,
      [orderid, accountId],
    );
  }

  /** The email of the account the order belongs to. */
  async findAccountEmail(orderid: string): Promise<string | null> {
    return (await this.findAccountContact(orderid))?.email ?? null;
  }

  /** The order's account as its notifications see it: its email and its callback URL, if any. */
  async findAccountContact(orderid: string): Promise<{ email: string; callbackUrl: string | null } | null> {
    const rows: { email: string; callback_url: string | null }[] = await this.dataSource.query(
      `SELECT a.email, a.callback_url FROM orders o JOIN accounts a ON a.id = o.account_id WHERE o.orderid = $1`,
      [orderid],
    );
    return rows[0] ? { email: rows[0].email, callbackUrl: rows[0].callback_url } : null;
  }

  /**
   * Inserts the order, its first event ((none) → its state) and that event's notification in one
   * statement, inside `manager`'s transaction if it has one: atomic on its own, so creating an order
   * without documents costs one round trip and no transaction. The order workflow's first run queues
   * the notification (`findCreationNotificationId`). Returns false when the order id is already taken,
   * so the caller draws another.
   */
  async insertWithEvent(manager: EntityManager, order: OrderEntity, trigger: string): Promise<boolean> {
    // Written out rather than built by the query builder, which cost a tenth of the API's CPU per
    // creation; ON CONFLICT instead of catching the unique violation: no savepoint round trips.
    const inserted: unknown[] = await manager.query(
      `WITH inserted AS (
         INSERT INTO orders (orderid, account_id, external_id, state, test_mode, refreshed, method, address,
           additional, city, zipcode, owners, invoice, lots, comment, all_due_paid, callback_url, syndic_name,
           syndic_username, syndic_password_sealed, syndic_url, version, statement, statement_version,
           missing_doctypes, done_at, confirmation_email_sent_at, workflow_started_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15, $16, $17, $18,
           $19, $20, $21, $22, $23::jsonb, $24, $25::jsonb, $26, $27, $28, $29, $30)
         ON CONFLICT DO NOTHING
         RETURNING orderid, state, version, created_at),
       event AS (
         INSERT INTO order_events (orderid, from_state, to_state, trigger, detail, created_at)
         SELECT orderid, NULL, state, $31, '{}'::jsonb, created_at FROM inserted)
       INSERT INTO notifications (id, orderid, status, test, order_version, created_at)
       SELECT $32, orderid, state, false, version, created_at FROM inserted
       RETURNING orderid`,
      [
        order.orderid,
        order.accountId,
        order.externalId,
        order.state,
        order.testMode,
        order.refreshed,
        order.method,
        order.address,
        order.additional,
        order.city,
        order.zipcode,
        JSON.stringify(order.owners),
        JSON.stringify(order.invoice),
        order.lots,
        order.comment,
        order.allDuePaid,
        order.callbackUrl,
        order.syndicName,
        order.syndicUsername,
        order.syndicPasswordSealed,
        order.syndicUrl,
        order.version,
        order.statement == null ? null : JSON.stringify(order.statement),
        order.statementVersion ?? null,
        JSON.stringify(order.missingDoctypes ?? []),
        order.doneAt ?? null,
        order.confirmationEmailSentAt ?? null,
        order.workflowStartedAt ?? null,
        order.createdAt,
        order.updatedAt,
        trigger,
        randomUUID(),
      ],
    );
    return inserted.length > 0;
  }

  /** The notification of the order's creation ((none) → confirmed); null for orders created without one. */
  async findCreationNotificationId(orderid: string): Promise<string | null> {
    const rows: { id: string }[] = await this.dataSource.query(
      // Creation is the only transition to `confirmed`.
      `SELECT id FROM notifications
        WHERE orderid = $1 AND status = 'confirmed' AND order_version = 1 AND NOT test
        ORDER BY created_at LIMIT 1`,
      [orderid],
    );
    return rows[0]?.id ?? null;
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
   * Persists a transition atomically: the order's state and `updated`, one event row and one
   * notification row (whose id is returned). Idempotent for activity retries (a transition that is
   * already the order's latest is not written twice) and versioned: when a refresh has moved the
   * order to a newer version meanwhile, nothing is written and null is returned.
   *
   * One statement, one round trip: as a transaction of four statements it took six, and every order
   * records two or more transitions.
   */
  async recordTransition(t: TransitionRecord): Promise<{ notificationId: string } | null> {
    const notificationId = randomUUID();
    const [row] = (await this.dataSource.query(
      // A retry finds its transition the order's latest (an order's transitions take turns, so none
      // comes between an attempt and its retry), matched without its time: a workflow task retried
      // after a worker crash runs again with a later workflow clock. The same transition may come
      // again in a round once another came between (an operator's actions move an order from
      // `received` to `waiting` and back), and is then recorded again. The notification row is
      // notification-row.writer.ts's, written here in the same statement.
      `WITH latest AS (
         SELECT n.id, e.from_state, e.to_state, e.trigger, n.order_version
           FROM order_events e
           JOIN notifications n ON n.orderid = e.orderid AND n.created_at = e.created_at
                               AND n.status = e.to_state AND NOT n.test
          WHERE e.orderid = $1
          ORDER BY e.id DESC
          LIMIT 1
       ), existing AS (
         SELECT id FROM latest
          WHERE to_state = $2::varchar AND trigger = $3::varchar
            AND from_state IS NOT DISTINCT FROM $4::varchar AND order_version = $5::int
       ), updated AS (
         UPDATE orders
            SET state = $2::varchar, updated_at = $6::timestamptz,
                done_at = CASE WHEN $2::varchar = 'done' THEN $6::timestamptz ELSE done_at END
          WHERE orderid = $1 AND version = $5::int AND NOT EXISTS (SELECT 1 FROM existing)
          RETURNING orderid
       ), event AS (
         INSERT INTO order_events (orderid, from_state, to_state, trigger, detail, created_at)
         SELECT orderid, $4::varchar, $2::varchar, $3::varchar, $7::jsonb, $6::timestamptz FROM updated
       ), notification AS (
         INSERT INTO notifications (id, orderid, status, test, order_version, created_at)
         SELECT $8::uuid, orderid, $2::varchar, false, $5::int, $6::timestamptz FROM updated
       )
       SELECT (SELECT id FROM existing) AS existing_id, EXISTS (SELECT 1 FROM updated) AS recorded`,
      [
        t.orderid,
        t.toState,
        t.trigger,
        t.fromState,
        t.version,
        t.at,
        JSON.stringify(t.detail),
        notificationId,
      ],
    )) as { existing_id: string | null; recorded: boolean }[];
    if (row!.existing_id) return { notificationId: row!.existing_id };
    return row!.recorded ? { notificationId } : null;
  }

  /** The `need-refresh` notification a refresh applied at `appliedAt` wrote, with its round. */
  async findRefreshNotification(
    manager: EntityManager,
    orderid: string,
    appliedAt: Date,
  ): Promise<{ notificationId: string; version: number } | null> {
    const rows = (await manager.query(
      `SELECT id, order_version FROM notifications
        WHERE orderid = $1 AND status = 'need-refresh' AND created_at = $2 AND NOT test
        ORDER BY order_version DESC LIMIT 1`,
      [orderid, appliedAt],
    )) as { id: string; order_version: number }[];
    const row = rows[0];
    return row ? { notificationId: row.id, version: row.order_version } : null;
  }

  async insertEvent(manager: EntityManager, t: Omit<TransitionRecord, 'version'>): Promise<void> {
    await manager.query(
      `INSERT INTO order_events (orderid, from_state, to_state, trigger, detail, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [t.orderid, t.fromState, t.toState, t.trigger, JSON.stringify(t.detail), t.at],
    );
  }

  /** The notification of a state change, in the transaction that records it. */
  insertNotification(
    manager: EntityManager,
    orderid: string,
    status: OrderState,
    version: number,
    at: Date,
  ): Promise<string> {
    return insertNotificationRow(manager, {
      orderid,
      status,
      orderVersion: version,
      test: false,
      createdAt: at,
    });
  }

  /**
   * Records that the collection of this order version is blocked, for the runs started before assisted
   * fulfilment (newer runs record it through libs/fulfilment): the order is assisted for that reason,
   * with a `collection-blocked` event (its state unchanged, no notification: the client is told
   * nothing). Once per version (activity retries write nothing more); nothing when a refresh superseded
   * it. Returns whether it was recorded now.
   */
  async recordCollectionBlocked(
    orderid: string,
    version: number,
    block: CollectionBlock,
    at: Date,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE with [rows, affected count].
      const [blocked] = (await manager.query(
        `UPDATE orders
            SET fulfilment_mode = 'assisted', assistance_reason = $3, assistance_detail = $4, assisted_since = $5
          WHERE orderid = $1 AND version = $2 AND assisted_since IS NULL
          RETURNING state`,
        [orderid, version, block.reason, block.detail, at],
      )) as [{ state: OrderState }[], number];
      if (blocked.length === 0) return false;
      await this.insertEvent(manager, {
        orderid,
        fromState: blocked[0]!.state,
        toState: blocked[0]!.state,
        trigger: 'collection-blocked',
        detail: { reason: block.reason, detail: block.detail },
        at,
      });
      return true;
    });
  }

  /** Stores the account statement collected for a version (ignored when the version is superseded). */
  async saveStatement(orderid: string, version: number, statement: AccountStatement): Promise<void> {
    await this.dataSource.query(
      `UPDATE orders SET statement = $3::jsonb, statement_version = $2 WHERE orderid = $1 AND version = $2`,
      [orderid, version, JSON.stringify(statement)],
    );
  }

  async saveMissingDoctypes(orderid: string, version: number, missing: Doctype[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE orders SET missing_doctypes = $3::jsonb WHERE orderid = $1 AND version = $2`,
      [orderid, version, JSON.stringify(missing)],
    );
  }

  async markConfirmationEmailSent(orderid: string, at: Date): Promise<void> {
    await this.orders.update({ orderid }, { confirmationEmailSentAt: at });
  }

  listEvents(orderid: string): Promise<OrderEventEntity[]> {
    return this.dataSource.getRepository(OrderEventEntity).find({ where: { orderid }, order: { id: 'ASC' } });
  }
}
