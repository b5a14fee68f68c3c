import { type DataSource, MigrationExecutor } from 'typeorm';
import { ServiceError } from '@libs/platform/domain-error';

/**
 * The database lacks migrations this code was built for. Code run on an older schema fails on a missing
 * table or column halfway through its work (`relation "accounts" does not exist`, a 500 to every client),
 * so the API, the workers and the CLI refuse to start on one and say what to run.
 */
export class SchemaBehindError extends ServiceError {
  override readonly name = 'SchemaBehindError';
  readonly code = 'schema_behind';

  constructor(readonly pending: string[]) {
    const migrations = pending.length === 1 ? '1 migration is' : `${pending.length} migrations are`;
    super(`the database schema is not up to date (${migrations} pending): run "db migrate" first`);
  }
}

/** The names of this code's migrations the database has not applied, oldest first. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  return (await new MigrationExecutor(dataSource).getPendingMigrations()).map((migration) => migration.name);
}

/** Rejects with SchemaBehindError when a migration is pending. */
export async function assertSchemaCurrent(dataSource: DataSource): Promise<void> {
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) throw new SchemaBehindError(pending);
}
