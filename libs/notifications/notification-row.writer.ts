import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { type OrderState } from '@libs/orders/order-state';

export interface NotificationRow {
  orderid: string;
  status: OrderState;
  orderVersion: number;
  test: boolean;
  /**
   * A uuid chosen by the caller makes the write idempotent under retries: writing the same id twice
   * leaves one row. Drawn here (v4) when absent.
   */
  id?: string;
  /** The state change's time; the database's clock when absent. */
  createdAt?: Date;
}

/**
 * Writes one notification row, in the caller's transaction when `manager` belongs to one: order
 * transitions and refreshes write theirs with the state change, test events on their own.
 */
export async function insertNotificationRow(manager: EntityManager, row: NotificationRow): Promise<string> {
  const id = row.id ?? randomUUID();
  await manager.query(
    `INSERT INTO notifications (id, orderid, status, test, order_version, created_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now()))
     ON CONFLICT DO NOTHING`,
    [id, row.orderid, row.status, row.test, row.orderVersion, row.createdAt ?? null],
  );
  return id;
}
