import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Assisted fulfilment (docs/contract.md §9). A blocked collection was the first reason an order needed a
 * person; it becomes one reason among others: the order's fulfilment mode (null until its workflow routes
 * it), why and since when it is assisted, the document kinds an operator marked as existing or not, and
 * an operator's cancellation. Orders blocked before are assisted now, for the reason they were blocked.
 * The operators' audit table records every action, the revealing of the seller's access included;
 * `action_key` (the Temporal update id) makes a retried recording write nothing more. Documents an operator
 * attaches are stored with the source 'operator', pending until the order's workflow accepts the action.
 */
export class AssistedFulfilment1763860000000 implements MigrationInterface {
  name = 'AssistedFulfilment1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders RENAME COLUMN collection_blocked_reason TO assistance_reason`);
    await q.query(`ALTER TABLE orders RENAME COLUMN collection_blocked_detail TO assistance_detail`);
    await q.query(`ALTER TABLE orders RENAME COLUMN collection_blocked_at TO assisted_since`);
    await q.query(
      `ALTER TABLE orders
         ADD COLUMN fulfilment_mode varchar(16) NULL,
         ADD COLUMN document_existence jsonb NOT NULL DEFAULT '{}'::jsonb,
         ADD COLUMN cancelled_at timestamptz NULL,
         ADD COLUMN cancel_reason text NULL`,
    );
    await q.query(
      `UPDATE orders SET fulfilment_mode = 'assisted' WHERE assisted_since IS NOT NULL AND NOT test_mode`,
    );
    await q.query(`DROP INDEX orders_collection_blocked_idx`);
    // The work queue: live orders waiting for a person, oldest first.
    await q.query(
      `CREATE INDEX orders_work_queue_idx ON orders (assisted_since, orderid)
        WHERE fulfilment_mode = 'assisted' AND cancelled_at IS NULL AND state <> 'done' AND NOT test_mode`,
    );
    await q.query(
      `CREATE TABLE operator_audit (
         id bigserial PRIMARY KEY,
         orderid char(6) NOT NULL REFERENCES orders (orderid) ON DELETE CASCADE,
         operator_id uuid NOT NULL,
         operator_email varchar(320) NOT NULL,
         action varchar(40) NOT NULL,
         detail jsonb NOT NULL DEFAULT '{}'::jsonb,
         action_key varchar(200) NULL UNIQUE,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(`CREATE INDEX operator_audit_order_idx ON operator_audit (orderid, id)`);
    await q.query(`CREATE INDEX operator_audit_operator_idx ON operator_audit (operator_id, id)`);
    await q.query(`ALTER TABLE documents DROP CONSTRAINT documents_source_check`);
    await q.query(
      `ALTER TABLE documents ADD CONSTRAINT documents_source_check
         CHECK (source IN ('extranet', 'upload', 'dossier', 'operator'))`,
    );
    await q.query(`ALTER TABLE documents ADD COLUMN pending boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM documents WHERE source = 'operator'`);
    await q.query(`ALTER TABLE documents DROP COLUMN pending`);
    await q.query(`ALTER TABLE documents DROP CONSTRAINT documents_source_check`);
    await q.query(
      `ALTER TABLE documents ADD CONSTRAINT documents_source_check
         CHECK (source IN ('extranet', 'upload', 'dossier'))`,
    );
    await q.query(`DROP TABLE operator_audit`);
    await q.query(`DROP INDEX orders_work_queue_idx`);
    await q.query(
      `CREATE INDEX orders_collection_blocked_idx ON orders (assisted_since)
        WHERE assisted_since IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE orders
         DROP COLUMN cancel_reason,
         DROP COLUMN cancelled_at,
         DROP COLUMN document_existence,
         DROP COLUMN fulfilment_mode`,
    );
    await q.query(`ALTER TABLE orders RENAME COLUMN assisted_since TO collection_blocked_at`);
    await q.query(`ALTER TABLE orders RENAME COLUMN assistance_detail TO collection_blocked_detail`);
    await q.query(`ALTER TABLE orders RENAME COLUMN assistance_reason TO collection_blocked_reason`);
  }
}
