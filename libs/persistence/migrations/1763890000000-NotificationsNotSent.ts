import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A notification with no callback URL to go to (neither its order nor its account has one) was settled
 * without a trace: the delivery log showed it pending forever, the `pending` gauge counted it, and a
 * redelivery asked once a URL was set went to the order's queue as if it were still waiting there, and
 * was never sent. `not_sent_at` records it; the partial index of pending notifications leaves it out.
 * Those settled so before (never attempted, and still no URL) get their creation time.
 */
export class NotificationsNotSent1763890000000 implements MigrationInterface {
  name = 'NotificationsNotSent1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications ADD COLUMN not_sent_at timestamptz NULL`);
    await q.query(
      `UPDATE notifications n
          SET not_sent_at = n.created_at,
              last_error = 'not sent: neither the order nor the account has a callback URL'
         FROM orders o
         JOIN accounts a ON a.id = o.account_id
        WHERE o.orderid = n.orderid
          AND n.attempt_count = 0 AND n.delivered_at IS NULL AND n.failed_at IS NULL
          AND COALESCE(o.callback_url, '') = '' AND COALESCE(a.callback_url, '') = ''`,
    );
    await q.query(`DROP INDEX notifications_pending_idx`);
    await q.query(
      `CREATE INDEX notifications_pending_idx ON notifications (created_at)
        WHERE delivered_at IS NULL AND failed_at IS NULL AND not_sent_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications_pending_idx`);
    await q.query(
      `CREATE INDEX notifications_pending_idx ON notifications (created_at)
        WHERE delivered_at IS NULL AND failed_at IS NULL`,
    );
    await q.query(`ALTER TABLE notifications DROP COLUMN not_sent_at`);
  }
}
