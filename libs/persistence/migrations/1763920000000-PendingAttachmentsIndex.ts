import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The operator attachments still pending, which the order worker's sweep looks through for those whose
 * round can no longer accept them (README, assisted fulfilment): a handful among all documents, found
 * without reading the table.
 */
export class PendingAttachmentsIndex1763920000000 implements MigrationInterface {
  name = 'PendingAttachmentsIndex1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX documents_pending_idx ON documents (created_at) WHERE pending`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX documents_pending_idx`);
  }
}
