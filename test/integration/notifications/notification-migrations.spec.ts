import { insertAccountRow, migrateAcross, migrationsFrom } from '../../support/migration-database';

describe('migrations of what notifications report', () => {
  it("PreStatementStatement: gives the current round's pre-statement the order's statement, and superseded rounds none", async () => {
    const migration = 'PreStatementStatement1763880000000';
    await migrateAcross(
      migration,
      async (previous) => {
        const id = await insertAccountRow(previous, 'avant@example.fr');
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
        expect(ran).toEqual(migrationsFrom(migration));
        expect(
          await current.query(`SELECT order_version, statement FROM pre_statements ORDER BY order_version`),
        ).toEqual([
          { order_version: 1, statement: null },
          { order_version: 2, statement: { round: 2 } },
        ]);
      },
    );
  });

  it('NotificationsNotSent: marks the notifications never attempted for want of a URL, and those only', async () => {
    const migration = 'NotificationsNotSent1763890000000';
    await migrateAcross(
      migration,
      async (previous) => {
        const withoutUrl = await insertAccountRow(previous, 'sans-url@example.fr');
        const withUrl = await insertAccountRow(previous, 'avec-url@example.fr', 'https://a.example/h');
        const order = (orderid: string, accountId: string, callbackUrl: string | null) =>
          previous.query(
            `INSERT INTO orders (orderid, account_id, state, method, address, city, zipcode, owners, invoice,
                                 callback_url, created_at, updated_at)
             VALUES ($1, $2, 'done', 'extranet', '1 rue A', 'Paris', '75011', '[]', '{}', $3, now(), now())`,
            [orderid, accountId, callbackUrl],
          );
        await order('NOURL1', withoutUrl, null);
        await order('OWNURL', withoutUrl, 'https://o.example/h');
        await order('ACCURL', withUrl, null);
        await previous.query(
          `INSERT INTO notifications (id, orderid, status, order_version, created_at, attempt_count, delivered_at)
           VALUES ('00000000-0000-4000-8000-000000000001', 'NOURL1', 'confirmed', 1, '2025-01-02T03:04:05Z', 0, NULL),
                  ('00000000-0000-4000-8000-000000000002', 'NOURL1', 'done', 1, now(), 1, now()),
                  ('00000000-0000-4000-8000-000000000003', 'OWNURL', 'confirmed', 1, now(), 0, NULL),
                  ('00000000-0000-4000-8000-000000000004', 'ACCURL', 'confirmed', 1, now(), 0, NULL)`,
        );
      },
      async (current, ran) => {
        expect(ran).toEqual(migrationsFrom(migration));
        const rows = await current.query<{ orderid: string; not_sent_at: Date | null; last_error: string }[]>(
          `SELECT orderid, not_sent_at, last_error FROM notifications ORDER BY id`,
        );
        expect(rows).toEqual([
          {
            orderid: 'NOURL1',
            not_sent_at: new Date('2025-01-02T03:04:05Z'),
            last_error: 'not sent: neither the order nor the account has a callback URL',
          },
          { orderid: 'NOURL1', not_sent_at: null, last_error: null },
          { orderid: 'OWNURL', not_sent_at: null, last_error: null },
          { orderid: 'ACCURL', not_sent_at: null, last_error: null },
        ]);
      },
    );
  });
});
