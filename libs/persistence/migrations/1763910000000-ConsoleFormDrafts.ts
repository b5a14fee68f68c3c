import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Forms an operator sent from a console page after the session had ended (idle, too old): kept, not
 * applied, for the operator to find them as typed once logged in again (README, the console's
 * sessions). Each row is taken once, by its operator, within the hour; older ones are purged.
 */
export class ConsoleFormDrafts1763910000000 implements MigrationInterface {
  name = 'ConsoleFormDrafts1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE console_form_drafts (
        id uuid PRIMARY KEY,
        operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        orderid varchar(6) NOT NULL,
        path varchar(512) NOT NULL,
        fields jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX console_form_drafts_created_idx ON console_form_drafts (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE console_form_drafts`);
  }
}
