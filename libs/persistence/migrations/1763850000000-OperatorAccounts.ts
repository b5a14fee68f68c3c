import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The operators of the console (the provider's staff, apart from client accounts) and their sessions.
 * An operator's password is an argon2id hash and its TOTP secret is sealed; a session row holds the
 * SHA-256 of its token, never the token. Sessions die with their operator.
 */
export class OperatorAccounts1763850000000 implements MigrationInterface {
  name = 'OperatorAccounts1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operators (
        id uuid PRIMARY KEY,
        email varchar(320) NOT NULL UNIQUE CHECK (email = lower(email)),
        role varchar(16) NOT NULL CHECK (role IN ('viewer', 'operator', 'admin')),
        password_hash varchar(255) NOT NULL,
        totp_secret_sealed text NOT NULL,
        last_totp_step bigint,
        failed_logins int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_login_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE operator_sessions (
        id char(64) PRIMARY KEY,
        operator_id uuid NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        ip varchar(64),
        user_agent varchar(512)
      )`);
    await q.query(`CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE operator_sessions`);
    await q.query(`DROP TABLE operators`);
  }
}
