import { randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource, MIGRATIONS, runMigrations } from '@libs/persistence/data-source.factory';
import { TEST_DATABASE_ADMIN_URL, TEST_DATABASE_NAME } from './test-environment';

/**
 * Tests a data migration on rows written before it: a scratch database is migrated up to just before
 * `migrationName`, `before` writes rows of that schema, then the database is migrated to the latest and
 * handed to `after` with the names of the migrations that ran. The database is dropped whatever happens.
 */
export async function migrateAcross(
  migrationName: string,
  before: (previous: DataSource) => Promise<void>,
  after: (current: DataSource, ran: string[]) => Promise<void>,
): Promise<void> {
  await withDatabaseBefore(migrationName, async (url, previous) => {
    await before(previous);
    await previous.destroy();
    const current = await createDataSource({ url, poolSize: 1 }).initialize();
    try {
      await after(current, await runMigrations(current));
    } finally {
      await current.destroy();
    }
  });
}

/**
 * A scratch database migrated up to just before `migrationName`, handed to `use` by URL and open (`use`
 * may close it); dropped whatever happens.
 */
export async function withDatabaseBefore(
  migrationName: string,
  use: (url: string, previous: DataSource) => Promise<void>,
): Promise<void> {
  const name = `${TEST_DATABASE_NAME}_migration_${randomUUID().slice(0, 8)}`;
  const admin = new PgClient({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const previous = createDataSource({ url: url.toString(), poolSize: 1 });
    const index = MIGRATIONS.findIndex((m) => m.name === migrationName);
    if (index < 0) throw new Error(`no migration ${migrationName}`);
    previous.setOptions({ migrations: MIGRATIONS.slice(0, index) });
    await previous.initialize();
    try {
      await runMigrations(previous);
      await use(url.toString(), previous);
    } finally {
      if (previous.isInitialized) await previous.destroy();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The names of the migrations from `migrationName` on, as `runMigrations` reports them. */
export function migrationsFrom(migrationName: string): string[] {
  return MIGRATIONS.slice(MIGRATIONS.findIndex((m) => m.name === migrationName)).map((m) => m.name);
}

/** An account row with only what every schema requires (and its callback URL); its id. */
export async function insertAccountRow(
  db: DataSource,
  email: string,
  callbackUrl: string | null = null,
): Promise<string> {
  const [row] = await db.query<{ id: string }[]>(
    `INSERT INTO accounts (email, password_hash, webhook_secret_sealed, callback_url)
     VALUES ($1, 'x', 'x', $2) RETURNING id`,
    [email, callbackUrl],
  );
  return row!.id;
}
