import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The account statement each pre-statement was made from, as stored: `orders.statement` holds only the
 * latest round's, so a `done` notification of an earlier round, retried or redelivered after a refresh
 * collected a new statement, carried the new round's registration number. Rows of the current round get
 * the order's statement; those of rounds already superseded stay null (their statement is gone).
 */
export class PreStatementStatement1763880000000 implements MigrationInterface {
  name = 'PreStatementStatement1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pre_statements ADD COLUMN statement jsonb NULL`);
    await q.query(
      `UPDATE pre_statements p SET statement = o.statement
         FROM orders o
        WHERE o.orderid = p.orderid AND o.statement_version = p.order_version`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE pre_statements DROP COLUMN statement`);
  }
}
