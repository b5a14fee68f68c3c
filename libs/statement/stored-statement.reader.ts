import { ServiceError } from '@libs/platform/domain-error';
import { type AccountStatement, STATEMENT_MODEL_VERSION } from './account-statement';
import { readWireStatement } from './statement-wire.parser';
import { validateStatement } from './statement.validator';

/** A stored statement that no longer reads: a bug or a hand-edited row, never the client's fault. */
export class StoredStatementUnreadableError extends ServiceError {
  override readonly name = 'StoredStatementUnreadableError';
  readonly code = 'stored_statement_unreadable';
}

/**
 * Reads `orders.statement`. Statements stored before the model carried a status per field (no
 * `version`) had the protocol's first shape, plain values with null for "not communicated": they are
 * read as a connector's answer, so orders collected before the change keep rendering.
 */
export function readStoredStatement(json: unknown): AccountStatement | null {
  if (json === null || json === undefined) return null;
  const version = (json as { version?: unknown }).version;
  if (version === undefined) return readWireStatement(json);
  if (version !== STATEMENT_MODEL_VERSION) {
    throw new StoredStatementUnreadableError(`Stored statement of unknown version ${String(version)}`);
  }
  const validation = validateStatement(json);
  if (!validation.valid) {
    const fields = validation.issues.map((issue) => issue.field).join(', ');
    throw new StoredStatementUnreadableError(`Stored statement does not read: ${fields}`);
  }
  return validation.statement;
}
