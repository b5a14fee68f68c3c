import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The failing-endpoint alert sweep looks for notifications still being retried: a partial index holds
 * only those (neither delivered nor given up), so its query stays cheap however many were delivered.
 */
export class PendingNotificationsIndex1763820000000 implements MigrationInterface {
  name = 'PendingNotificationsIndex1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX notifications_pending_idx ON notifications (created_at)
        WHERE delivered_at IS NULL AND failed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications_pending_idx`);
  }
}
