import { migrateAcross, migrationsFrom } from '../../support/migration-database';

const MIGRATION = 'PreStatementStatement1763880000000';

describe('migration PreStatementStatement', () => {
  it("gives the current round's pre-statement the order's statement, and superseded rounds none", async () => {
    await migrateAcross(
      MIGRATION,
      async (previous) => {
        const [{ id }] = await previous.query<{ id: string }[]>(
          `INSERT INTO accounts (email, password_hash, webhook_secret_sealed)
           VALUES ('avant@example.fr', 'x', 'x') RETURNING id`,
        );
        await previous.query(
          `INSERT INTO orders (orderid, account_id, state, method, address, city, zipcode, owners, invoice,
                               version, statement, statement_version, created_at, updated_at)
           VALUES ('MIGR01', $1, 'done', 'extranet', '1 rue A', 'Paris', '75011', '[]', '{}', 2,
                   '{"round": 2}', 2, now(), now())`,
          [id],
        );
        await previous.query(
          `INSERT INTO pre_statements (orderid, order_version, storage_key, size)
           VALUES ('MIGR01', 1, 'v1.pdf', 1), ('MIGR01', 2, 'v2.pdf', 1)`,
        );
      },
      async (current, ran) => {
        expect(ran).toEqual(migrationsFrom(MIGRATION));
        expect(
          await current.query(`SELECT order_version, statement FROM pre_statements ORDER BY order_version`),
        ).toEqual([
          { order_version: 1, statement: null },
          { order_version: 2, statement: { round: 2 } },
        ]);
      },
    );
  });
});
