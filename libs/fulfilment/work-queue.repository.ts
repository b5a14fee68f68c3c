import { type DataSource } from 'typeorm';
import { type OrderState } from '@libs/orders/order-state';
import { ASSISTANCE_REASONS, type AssistanceReason } from './fulfilment-mode';

export interface WorkQueueFilter {
  reason?: AssistanceReason;
  state?: OrderState;
  /** Part of the client account's email. */
  account?: string;
  limit: number;
  offset: number;
}

/** An order that needs a person, as the console's work queue lists it. */
export interface WorkQueueItem {
  orderid: string;
  externalId: string;
  accountEmail: string;
  state: OrderState;
  method: 'extranet' | 'upload';
  reason: AssistanceReason;
  /** Since when the order needs a person (its age is now minus this). */
  since: Date;
  address: string;
  zipcode: string;
  city: string;
}

export interface WorkQueuePage {
  items: WorkQueueItem[];
  /** Orders matching the filter. */
  total: number;
  /** Orders in the queue per reason, whatever the filter. */
  counts: Record<AssistanceReason, number>;
}

export interface WorkQueueStats {
  reason: AssistanceReason;
  size: number;
  oldestSince: Date;
}

/** An order found by the console's search, wherever it stands. */
export interface OrderSearchHit {
  orderid: string;
  externalId: string;
  accountEmail: string;
  state: OrderState;
  testMode: boolean;
  fulfilmentMode: 'automatic' | 'assisted' | null;
  address: string;
  zipcode: string;
  city: string;
  createdAt: Date;
}

// Live orders assisted, neither cancelled nor done: the partial index orders_work_queue_idx.
const IN_QUEUE = `o.fulfilment_mode = 'assisted' AND o.cancelled_at IS NULL AND o.state <> 'done' AND NOT o.test_mode`;

interface ItemRow {
  orderid: string;
  external_id: string;
  email: string;
  state: OrderState;
  method: 'extranet' | 'upload';
  assistance_reason: AssistanceReason;
  assisted_since: Date;
  address: string;
  zipcode: string;
  city: string;
}

/** The operators' work queue and search (docs/contract.md §9): read-only, over every account. */
export class WorkQueueRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Orders needing a person, oldest first. */
  async list(filter: WorkQueueFilter): Promise<WorkQueuePage> {
    const where = [IN_QUEUE];
    const params: unknown[] = [];
    if (filter.reason) where.push(`o.assistance_reason = $${params.push(filter.reason)}`);
    if (filter.state) where.push(`o.state = $${params.push(filter.state)}`);
    if (filter.account) {
      // PostgreSQL's text cannot hold a NUL character: no email matches one.
      where.push(
        filter.account.includes('\u0000')
          ? 'false'
          : `a.email ILIKE $${params.push(`%${escapeLike(filter.account)}%`)}`,
      );
    }
    const from = `FROM orders o JOIN accounts a ON a.id = o.account_id WHERE ${where.join(' AND ')}`;
    const [rows, total, counts] = await Promise.all([
      this.dataSource.query(
        `SELECT o.orderid, o.external_id, a.email, o.state, o.method, o.assistance_reason, o.assisted_since,
                o.address, o.zipcode, o.city
           ${from}
          ORDER BY o.assisted_since, o.orderid
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
      ) as Promise<ItemRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n ${from}`, params) as Promise<{ n: number }[]>,
      this.dataSource.query(
        `SELECT o.assistance_reason AS reason, count(*)::int AS n FROM orders o WHERE ${IN_QUEUE}
          GROUP BY o.assistance_reason`,
      ) as Promise<{ reason: AssistanceReason; n: number }[]>,
    ]);
    const byReason = Object.fromEntries(ASSISTANCE_REASONS.map((reason) => [reason, 0])) as Record<
      AssistanceReason,
      number
    >;
    for (const { reason, n } of counts) if (reason in byReason) byReason[reason] = n;
    return {
      items: rows.map((row) => ({
        orderid: row.orderid,
        externalId: row.external_id,
        accountEmail: row.email,
        state: row.state,
        method: row.method,
        reason: row.assistance_reason,
        since: row.assisted_since,
        address: row.address,
        zipcode: row.zipcode,
        city: row.city,
      })),
      total: total[0]?.n ?? 0,
      counts: byReason,
    };
  }

  /** For `/metrics`: per reason, how many orders wait for a person and since when the oldest does. */
  async stats(): Promise<WorkQueueStats[]> {
    const rows = (await this.dataSource.query(
      `SELECT o.assistance_reason AS reason, count(*)::int AS size, min(o.assisted_since) AS oldest
         FROM orders o WHERE ${IN_QUEUE} GROUP BY o.assistance_reason`,
    )) as { reason: AssistanceReason; size: number; oldest: Date }[];
    return rows.map((row) => ({ reason: row.reason, size: row.size, oldestSince: row.oldest }));
  }

  /**
   * Orders by order id (exact), external id (exact), account email or address (parts of them), newest
   * first, whatever their state or mode.
   */
  async search(text: string, limit: number): Promise<OrderSearchHit[]> {
    const term = text.trim();
    // PostgreSQL's text cannot hold a NUL character: no order can match one.
    if (term === '' || term.includes('\u0000')) return [];
    const like = `%${escapeLike(term)}%`;
    const rows = (await this.dataSource.query(
      `SELECT o.orderid, o.external_id, a.email, o.state, o.test_mode, o.fulfilment_mode, o.address, o.zipcode,
              o.city, o.created_at
         FROM orders o JOIN accounts a ON a.id = o.account_id
        WHERE o.orderid = upper($1) OR o.external_id = $1 OR a.email ILIKE $2
           OR (o.address || ' ' || o.zipcode || ' ' || o.city) ILIKE $2
        ORDER BY o.created_at DESC, o.orderid DESC
        LIMIT $3`,
      [term.slice(0, 200), like, limit],
    )) as (ItemRow & {
      test_mode: boolean;
      fulfilment_mode: OrderSearchHit['fulfilmentMode'];
      created_at: Date;
    })[];
    return rows.map((row) => ({
      orderid: row.orderid,
      externalId: row.external_id,
      accountEmail: row.email,
      state: row.state,
      testMode: row.test_mode,
      fulfilmentMode: row.fulfilment_mode,
      address: row.address,
      zipcode: row.zipcode,
      city: row.city,
      createdAt: row.created_at,
    }));
  }
}

/** A user's text inside a LIKE pattern, its wildcards taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
