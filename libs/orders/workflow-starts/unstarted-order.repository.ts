import { type DataSource } from 'typeorm';

/** An order whose workflows are not started yet, with what starting them needs. */
export interface UnstartedOrder {
  orderid: string;
  /** The account's email (the `Account` search attribute). */
  account: string;
  externalId: string;
  testMode: boolean;
  createdAt: Date;
}

/**
 * The outbox side of the orders table: `workflow_started_at` is null from the order's commit until its
 * workflows are started (migration 1763810000000).
 */
export class UnstartedOrderRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the workflows of these orders as started (one statement for the whole batch). */
  async markStarted(orderids: readonly string[]): Promise<void> {
    // Sorted: two batches sharing orders lock them in the same order and cannot deadlock.
    await this.dataSource.query(
      `UPDATE orders SET workflow_started_at = now() WHERE orderid = ANY($1) AND workflow_started_at IS NULL`,
      [[...orderids].sort()],
    );
  }

  /**
   * Locks up to `limit` orders left unstarted for longer than `olderThanMs` (oldest first), hands them to
   * `start`, and records as started the ones it returns, in one transaction. Rows another process holds
   * are skipped (`SKIP LOCKED`), so every API process can sweep at once without starting an order twice
   * in parallel. Returns how many orders were locked.
   */
  async withOverdue(
    olderThanMs: number,
    limit: number,
    start: (orders: UnstartedOrder[]) => Promise<string[]>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: {
        orderid: string;
        account: string;
        external_id: string;
        test_mode: boolean;
        created_at: Date;
      }[] = await manager.query(
        `SELECT o.orderid, a.email AS account, o.external_id, o.test_mode, o.created_at
           FROM orders o JOIN accounts a ON a.id = o.account_id
          WHERE o.workflow_started_at IS NULL
            AND o.created_at < now() - make_interval(secs => $1)
          ORDER BY o.created_at
          LIMIT $2
          FOR UPDATE OF o SKIP LOCKED`,
        [olderThanMs / 1000, limit],
      );
      if (rows.length === 0) return 0;
      const started = await start(
        rows.map((r) => ({
          orderid: r.orderid,
          account: r.account,
          externalId: r.external_id,
          testMode: r.test_mode,
          createdAt: r.created_at,
        })),
      );
      if (started.length > 0) {
        await manager.query(`UPDATE orders SET workflow_started_at = now() WHERE orderid = ANY($1)`, [
          started,
        ]);
      }
      return rows.length;
    });
  }
}
