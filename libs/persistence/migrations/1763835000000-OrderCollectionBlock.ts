import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Why an order's collection is blocked (no connector, refused destination, no credentials), for
 * operators: a reason code, a detail and a time on the order, cleared by a refresh. The partial index
 * keeps the blocked orders (the operators' queue) cheap to list however many orders there are.
 */
export class OrderCollectionBlock1763835000000 implements MigrationInterface {
  name = 'OrderCollectionBlock1763835000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE orders
         ADD COLUMN collection_blocked_reason varchar(32) NULL,
         ADD COLUMN collection_blocked_detail text NULL,
         ADD COLUMN collection_blocked_at timestamptz NULL`,
    );
    await q.query(
      `CREATE INDEX orders_collection_blocked_idx ON orders (collection_blocked_at)
        WHERE collection_blocked_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_collection_blocked_idx`);
    await q.query(
      `ALTER TABLE orders
         DROP COLUMN collection_blocked_at,
         DROP COLUMN collection_blocked_detail,
         DROP COLUMN collection_blocked_reason`,
    );
  }
}
