import { Client as PgClient } from 'pg';
import {
  createDataSource,
  MIGRATIONS,
  openServingDataSource,
  runMigrations,
} from '@libs/persistence/data-source.factory';
import { SchemaBehindError } from '@libs/persistence/schema-version';
import { withDatabaseBefore } from '../../support/migration-database';
import { TEST_DATABASE_ADMIN_URL } from '../../support/test-environment';

describe('the schema a serving process starts on', () => {
  const last = MIGRATIONS[MIGRATIONS.length - 1]!.name;

  async function connectionsTo(url: string): Promise<number> {
    const admin = new PgClient({ connectionString: TEST_DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [new URL(url).pathname.slice(1)],
      );
      return rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  it('is refused one migration behind, naming it, and leaves no connection open', async () => {
    await withDatabaseBefore(last, async (url, previous) => {
      await previous.destroy();
      const opening = openServingDataSource({ url, poolSize: 2 });
      await expect(opening).rejects.toThrow(SchemaBehindError);
      await expect(opening).rejects.toMatchObject({
        pending: [last],
        message: 'the database schema is not up to date (1 migration is pending): run "db migrate" first',
      });
      expect(await connectionsTo(url)).toBe(0);
    });
  });

  it('is taken once migrated', async () => {
    await withDatabaseBefore(last, async (url, previous) => {
      await previous.destroy();
      const migrating = await createDataSource({ url, poolSize: 1 }).initialize();
      expect(await runMigrations(migrating)).toEqual([last]);
      await migrating.destroy();
      const serving = await openServingDataSource({ url, poolSize: 2 });
      try {
        expect(serving.isInitialized).toBe(true);
        await expect(serving.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
      } finally {
        await serving.destroy();
      }
    });
  });

  it('counts every migration of an empty database as pending', async () => {
    await withDatabaseBefore(MIGRATIONS[0]!.name, async (url, previous) => {
      await previous.destroy();
      await expect(openServingDataSource({ url, poolSize: 1 })).rejects.toMatchObject({
        pending: MIGRATIONS.map((migration) => migration.name),
      });
    });
  });
});
