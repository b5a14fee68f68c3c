import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class OrderLifecycle1763790000000 implements MigrationInterface {
  name = 'OrderLifecycle1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN version int NOT NULL DEFAULT 1,
        ADD COLUMN statement jsonb,
        ADD COLUMN statement_version int,
        ADD COLUMN missing_doctypes jsonb NOT NULL DEFAULT '[]'::jsonb,
        ADD COLUMN done_at timestamptz`);
    await q.query(`
      CREATE TABLE documents (
        id serial PRIMARY KEY,
        orderid char(6) NOT NULL REFERENCES orders(orderid) ON DELETE CASCADE,
        order_version int NOT NULL,
        source varchar(16) NOT NULL CHECK (source IN ('extranet', 'upload')),
        source_ref varchar(255) NOT NULL,
        doctype smallint NOT NULL CHECK (doctype BETWEEN 1 AND 10),
        title varchar(500) NOT NULL,
        filename varchar(255) NOT NULL,
        document_date date,
        mimetype varchar(127) NOT NULL,
        size int NOT NULL,
        sha256 char(64) NOT NULL,
        storage_key varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (orderid, order_version, source, source_ref)
      )`);
    await q.query(`CREATE INDEX documents_order_idx ON documents (orderid, order_version)`);
    await q.query(`
      CREATE TABLE pre_statements (
        id serial PRIMARY KEY,
        orderid char(6) NOT NULL REFERENCES orders(orderid) ON DELETE CASCADE,
        order_version int NOT NULL,
        storage_key varchar(500) NOT NULL,
        size int NOT NULL,
        missing_doctypes jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (orderid, order_version)
      )`);
    await q.query(`
      CREATE TABLE order_refresh_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        orderid char(6) NOT NULL REFERENCES orders(orderid) ON DELETE CASCADE,
        comment text NOT NULL DEFAULT '',
        all_due_paid boolean NOT NULL DEFAULT false,
        method varchar(16) NOT NULL,
        syndic_name varchar(255),
        syndic_username varchar(255),
        syndic_password_sealed text,
        syndic_url varchar(2048),
        created_at timestamptz NOT NULL DEFAULT now(),
        applied_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        orderid char(6) NOT NULL REFERENCES orders(orderid) ON DELETE CASCADE,
        status varchar(16) NOT NULL,
        test boolean NOT NULL DEFAULT false,
        order_version int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        failed_at timestamptz,
        attempt_count int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX notifications_order_idx ON notifications (orderid, created_at)`);
    await q.query(`
      CREATE TABLE notification_attempts (
        id bigserial PRIMARY KEY,
        notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        url varchar(2048),
        http_status int,
        latency_ms int,
        error text,
        response_excerpt text
      )`);
    await q.query(
      `CREATE INDEX notification_attempts_notification_idx ON notification_attempts (notification_id, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_attempts`);
    await q.query(`DROP TABLE notifications`);
    await q.query(`DROP TABLE order_refresh_requests`);
    await q.query(`DROP TABLE pre_statements`);
    await q.query(`DROP TABLE documents`);
    await q.query(`
      ALTER TABLE orders DROP COLUMN version, DROP COLUMN statement, DROP COLUMN statement_version,
        DROP COLUMN missing_doctypes, DROP COLUMN done_at`);
  }
}
