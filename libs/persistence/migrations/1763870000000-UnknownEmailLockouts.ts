import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The console's lockout counts of emails no operator has, shared by every API process (they were kept in
 * each process's memory, where a second process, or enough other emails to evict one, told unknown
 * emails from real accounts). Rows are keyed by a keyed digest of the email, never the email: anyone can
 * type anything there. `expires_at` is when a row no longer changes any answer, for the purge.
 */
export class UnknownEmailLockouts1763870000000 implements MigrationInterface {
  name = 'UnknownEmailLockouts1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE unknown_email_lockouts (
        email_digest bytea PRIMARY KEY,
        failed_logins int NOT NULL,
        locked_until timestamptz,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX unknown_email_lockouts_expiry_idx ON unknown_email_lockouts (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE unknown_email_lockouts`);
  }
}
