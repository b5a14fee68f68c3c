import { STATEMENT_MESSAGES as M } from '@libs/platform/messages.fr';
import { type AccountStatement, STATEMENT_MODEL_VERSION } from './account-statement';
import { STATEMENT_CONTENT_SCHEMA } from './account-statement.schema';
import { MODEL_PATHS, consistencyIssues } from './statement-consistency.rules';
import { type StatementIssue, oneOf } from './statement-schema';

export type StatementValidation =
  { valid: true; statement: AccountStatement } | { valid: false; issues: StatementIssue[] };

const FILED_BY = oneOf(['connector', 'operator'] as const);

/**
 * Checks a whole statement in the model's JSON shape (what is stored, what the operator form sends):
 * every problem is reported, each in French naming its field, and a valid statement comes back as a
 * fresh object holding only the model's keys.
 */
export function validateStatement(json: unknown): StatementValidation {
  const issues: StatementIssue[] = [];
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { valid: false, issues: [{ field: '', message: M.notAnObject() }] };
  }
  const record = json as Record<string, unknown>;
  const version = record.version ?? STATEMENT_MODEL_VERSION;
  if (version !== STATEMENT_MODEL_VERSION) {
    issues.push({ field: 'version', message: M.version('version', STATEMENT_MODEL_VERSION) });
  }
  const filedBy = FILED_BY.readModel(record.filedBy, 'filedBy', issues);
  const content = STATEMENT_CONTENT_SCHEMA.readModel(json, '', issues);
  if (content) {
    issues.push(...consistencyIssues(content, MODEL_PATHS).map(({ field, message }) => ({ field, message })));
  }
  if (issues.length > 0 || !content || !filedBy) return { valid: false, issues };
  return { valid: true, statement: { version: STATEMENT_MODEL_VERSION, filedBy, ...content } };
}
