import { type DataSource } from 'typeorm';
import { ServiceError } from '@libs/platform/domain-error';
import { type DatabaseConfig } from '@libs/platform/config/app-config';
import { createDataSource } from '@libs/persistence/data-source.factory';

/** The CLI could not connect to its database (unreachable, refused, missing); says why. */
export class CliDatabaseError extends ServiceError {
  override readonly name = 'CliDatabaseError';
  readonly code = 'cli_database_unreachable';
}

/**
 * Connects to the database, or fails with one line naming the database and the driver's reason: a
 * stopped server, a wrong DATABASE_URL or a missing database is the operator's to fix, not a bug to
 * report with a stack.
 */
export async function connectCliDatabase(config: DatabaseConfig): Promise<DataSource> {
  try {
    return await createDataSource({ ...config, poolSize: 2 }).initialize();
  } catch (error) {
    // Without DATABASE_URL the CLI looks for the database `npm start` runs: the likely fix is to start it.
    const hint = config.embedded ? ' (the one `npm start` runs: start it, or set DATABASE_URL)' : '';
    throw new CliDatabaseError(
      `cannot connect to the database ${whereIs(config.url)}${hint}: ${reasonOf(error)}`,
    );
  }
}

/** Host, port and database, never the credentials the URL may carry. */
function whereIs(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** The first message found: a connection tried on several addresses fails with an AggregateError of them. */
function reasonOf(error: unknown): string {
  const { message, code, errors } = (error ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (Array.isArray(errors) && errors.length > 0) return reasonOf(errors[0]);
  return typeof code === 'string' ? code : String(error);
}
