import { Client as PgClient } from 'pg';
import { type ReceivedWebhook } from './webhook-receiver';

/** What the database and a webhook receiver say about one account's orders, for the cluster tests. */
export interface OrderAudit {
  orders: number;
  notDone: string[];
  /** external_id values carried by more than one order. */
  duplicateOrders: string[];
  /**
   * Idempotency-Keys that do not answer with an existing order (a request killed between claiming its
   * key and recording the answer leaves one, and its retries never get an order).
   */
  keysWithoutOrder: string[];
  /** Orders no Idempotency-Key answers with: created by a request whose client never learnt their id. */
  ordersWithoutKey: string[];
  /** State changes (order_events), the creation's `confirmed` included. */
  stateChanges: number;
  notifications: number;
  undelivered: string[];
  /** Orders whose notifications are not exactly one per state change, in the order of the changes. */
  notificationMismatch: string[];
  /** Notifications recorded as delivered but never received (deduplicated by webhook-id). */
  notReceived: string[];
  /** Orders whose receiver saw their notifications in another order than their state changes. */
  outOfOrder: string[];
  /** 2xx deliveries the receiver got, repeats included. */
  deliveries: number;
  /** Deliveries of a webhook-id received before. */
  duplicates: number;
}

export async function auditOrders(
  databaseUrl: string,
  accountEmail: string,
  received: ReceivedWebhook[],
): Promise<OrderAudit> {
  const db = new PgClient({ connectionString: databaseUrl });
  await db.connect();
  try {
    const account = `(SELECT id FROM accounts WHERE email = $1)`;
    const orders = (
      await db.query<{ orderid: string; external_id: string; state: string }>(
        `SELECT orderid, external_id, state FROM orders WHERE account_id = ${account}`,
        [accountEmail],
      )
    ).rows;
    const events = (
      await db.query<{ orderid: string; to_state: string }>(
        `SELECT e.orderid, e.to_state FROM order_events e JOIN orders o USING (orderid)
          WHERE o.account_id = ${account} ORDER BY e.id`,
        [accountEmail],
      )
    ).rows;
    const notifications = (
      await db.query<{ id: string; orderid: string; status: string; delivered_at: Date | null }>(
        `SELECT n.id, n.orderid, n.status, n.delivered_at FROM notifications n JOIN orders o USING (orderid)
          WHERE o.account_id = ${account} ORDER BY n.created_at, n.id`,
        [accountEmail],
      )
    ).rows;
    const keys = (
      await db.query<{ key: string; status: number | null; orderid: string | null }>(
        `SELECT key, response_status AS status, response_body->>'orderid' AS orderid FROM idempotency_keys
          WHERE account_id = ${account}`,
        [accountEmail],
      )
    ).rows;
    const orderids = new Set(orders.map((o) => o.orderid.trim()));
    const answered = new Set(keys.map((k) => k.orderid));

    const byExternalId = new Map<string, number>();
    for (const o of orders) byExternalId.set(o.external_id, (byExternalId.get(o.external_id) ?? 0) + 1);

    // The receiver's view: the first delivery of each webhook-id, in arrival order.
    const firstReceipts = new Map<string, ReceivedWebhook>();
    for (const w of received) {
      const id = String(w.headers['webhook-id']);
      if (!firstReceipts.has(id)) firstReceipts.set(id, w);
    }
    const group = <T extends { orderid: string }>(rows: T[]) => {
      const map = new Map<string, T[]>();
      for (const row of rows) map.set(row.orderid.trim(), [...(map.get(row.orderid.trim()) ?? []), row]);
      return map;
    };
    const eventsByOrder = group(events);
    const notificationsByOrder = group(notifications);
    const receivedByOrder = new Map<string, string[]>();
    for (const w of firstReceipts.values()) {
      const orderid = String(w.body.orderid);
      receivedByOrder.set(orderid, [...(receivedByOrder.get(orderid) ?? []), String(w.body.status)]);
    }
    const notificationMismatch: string[] = [];
    const outOfOrder: string[] = [];
    for (const { orderid: raw } of orders) {
      const orderid = raw.trim();
      const changes = (eventsByOrder.get(orderid) ?? []).map((e) => e.to_state);
      const recorded = (notificationsByOrder.get(orderid) ?? []).map((n) => n.status);
      if (JSON.stringify(changes) !== JSON.stringify(recorded)) notificationMismatch.push(orderid);
      if (JSON.stringify(receivedByOrder.get(orderid) ?? []) !== JSON.stringify(changes))
        outOfOrder.push(orderid);
    }
    return {
      orders: orders.length,
      notDone: orders.filter((o) => o.state !== 'done').map((o) => o.orderid),
      duplicateOrders: [...byExternalId].filter(([, n]) => n > 1).map(([externalId]) => externalId),
      keysWithoutOrder: keys
        .filter((k) => k.status !== 200 || k.orderid === null || !orderids.has(k.orderid))
        .map((k) => k.key),
      ordersWithoutKey: [...orderids].filter((orderid) => !answered.has(orderid)),
      stateChanges: events.length,
      notifications: notifications.length,
      undelivered: notifications.filter((n) => n.delivered_at === null).map((n) => n.id),
      notificationMismatch,
      notReceived: notifications.filter((n) => !firstReceipts.has(n.id)).map((n) => n.id),
      outOfOrder,
      deliveries: received.length,
      duplicates: received.length - firstReceipts.size,
    };
  } finally {
    await db.end();
  }
}

/** The audit with nothing wrong, to compare against (a failing test then shows what went wrong). */
export function cleanAudit(audit: OrderAudit, orders: number): OrderAudit {
  return {
    ...audit,
    orders,
    notDone: [],
    duplicateOrders: [],
    keysWithoutOrder: [],
    ordersWithoutKey: [],
    notifications: audit.stateChanges,
    undelivered: [],
    notificationMismatch: [],
    notReceived: [],
    outOfOrder: [],
  };
}
