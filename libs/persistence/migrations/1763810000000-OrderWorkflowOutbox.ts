import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The orders table doubles as the outbox of workflow starts: an order is committed with
 * `workflow_started_at` NULL, and the API's relay (or, after a crash or a Temporal outage, its recovery
 * sweep) starts the order's workflows and sets it. The partial index holds only the unstarted orders,
 * so the sweep's query stays cheap however many orders there are. Existing orders had their workflows
 * started with their creation.
 */
export class OrderWorkflowOutbox1763810000000 implements MigrationInterface {
  name = 'OrderWorkflowOutbox1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN workflow_started_at timestamptz`);
    await q.query(`UPDATE orders SET workflow_started_at = created_at`);
    await q.query(
      `CREATE INDEX orders_workflow_unstarted_idx ON orders (created_at) WHERE workflow_started_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_workflow_unstarted_idx`);
    await q.query(`ALTER TABLE orders DROP COLUMN workflow_started_at`);
  }
}
