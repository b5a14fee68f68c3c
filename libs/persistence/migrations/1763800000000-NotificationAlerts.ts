import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Confirmation emails sent once per order, and the failing-endpoint alerts: one row per account and
 * callback endpoint while an alert stands, removed when a delivery to that endpoint succeeds.
 */
export class NotificationAlerts1763800000000 implements MigrationInterface {
  name = 'NotificationAlerts1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN confirmation_email_sent_at timestamptz`);
    await q.query(`
      CREATE TABLE callback_alerts (
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        endpoint varchar(2048) NOT NULL,
        alerted_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, endpoint)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE callback_alerts`);
    await q.query(`ALTER TABLE orders DROP COLUMN confirmation_email_sent_at`);
  }
}
