import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class InitialSchema1763780000000 implements MigrationInterface {
  name = 'InitialSchema1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL UNIQUE,
        password_hash varchar(255) NOT NULL,
        callback_url varchar(2048),
        webhook_secret_sealed text NOT NULL,
        share_documents boolean NOT NULL DEFAULT false,
        share_registration_id boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        prefix varchar(32) NOT NULL,
        key_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id)`);
    await q.query(`
      CREATE TABLE orders (
        orderid char(6) PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id),
        external_id varchar(255) NOT NULL DEFAULT '',
        state varchar(16) NOT NULL
          CHECK (state IN ('confirmed', 'received', 'waiting', 'done', 'need-refresh')),
        test_mode boolean NOT NULL DEFAULT false,
        refreshed boolean NOT NULL DEFAULT false,
        method varchar(16) NOT NULL CHECK (method IN ('extranet', 'upload')),
        address varchar(500) NOT NULL,
        additional varchar(500) NOT NULL DEFAULT '',
        city varchar(200) NOT NULL,
        zipcode char(5) NOT NULL,
        owners jsonb NOT NULL,
        invoice jsonb NOT NULL,
        lots varchar(500),
        comment text,
        all_due_paid boolean NOT NULL DEFAULT false,
        callback_url varchar(2048),
        syndic_name varchar(255),
        syndic_username varchar(255),
        syndic_password_sealed text,
        syndic_url varchar(2048),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX orders_account_created_idx ON orders (account_id, created_at DESC, orderid DESC)`,
    );
    await q.query(`CREATE INDEX orders_account_external_idx ON orders (account_id, external_id)`);
    await q.query(`
      CREATE TABLE order_events (
        id bigserial PRIMARY KEY,
        orderid char(6) NOT NULL REFERENCES orders(orderid) ON DELETE CASCADE,
        from_state varchar(16),
        to_state varchar(16) NOT NULL,
        trigger varchar(64) NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_events_order_idx ON order_events (orderid, id)`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        response_status int,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE order_events`);
    await q.query(`DROP TABLE orders`);
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE accounts`);
  }
}
