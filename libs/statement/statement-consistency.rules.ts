import { STATEMENT_MESSAGES as M } from '@libs/platform/messages.fr';
import { type StatementContent } from './account-statement.schema';
import { valueOf } from './statement-field';

/**
 * Rules across fields, which the shape alone cannot say. Written once for both readings of a statement
 * (statement.validator.ts, statement-wire.parser.ts): what a connector may store, the stored statement's
 * reader must read back.
 */
export interface ConsistencyIssue {
  /** Path of the field, in the reading's own notation. */
  field: string;
  /** French, names the field (the validator's issues). */
  message: string;
  /** English, what the field is not (a `WireFormatError`'s "<path> is not <expected>"). */
  expected: string;
}

/** How each reading names a field: the model's JSON (`lots[1].number`, `callsForFunds.value[1]`) or the wire's. */
export interface StatementPaths {
  plain(path: string): string;
  /** A path inside a status-carrying field; `inner` empty for the field's value itself. */
  inField(field: string, inner: string): string;
}

export const MODEL_PATHS: StatementPaths = {
  plain: (path) => path,
  inField: (field, inner) => `${field}.value${inner}`,
};

export const WIRE_PATHS: StatementPaths = {
  plain: (path) => `statement.${path}`,
  inField: (field, inner) => `statement.${field}${inner}`,
};

export function consistencyIssues(statement: StatementContent, paths: StatementPaths): ConsistencyIssue[] {
  const issues: ConsistencyIssue[] = [];
  const fiscalYears: [string, { start: string; end: string } | null][] = [
    [paths.inField('coOwnership.currentFiscalYear', ''), valueOf(statement.coOwnership.currentFiscalYear)],
    ...(valueOf(statement.chargesHistory) ?? []).map(
      (year, index) =>
        [paths.inField('chargesHistory', `[${index}].fiscalYear`), year.fiscalYear] as [
          string,
          { start: string; end: string },
        ],
    ),
  ];
  for (const [field, year] of fiscalYears) {
    if (year && year.start > year.end) {
      issues.push({
        field,
        message: M.fiscalYearOrder(field),
        expected: 'a fiscal year that starts before it ends',
      });
    }
  }
  const seen = new Set<string>();
  statement.lots.forEach((lot, index) => {
    const key = lot.number.trim().toLowerCase();
    if (seen.has(key)) {
      const field = paths.plain(`lots[${index}].number`);
      issues.push({
        field,
        message: M.duplicateLot(field, lot.number),
        expected: `a lot number listed once (lot '${lot.number}' is listed twice)`,
      });
    }
    seen.add(key);
  });
  const calls = valueOf(statement.callsForFunds) ?? [];
  calls.forEach((call, index) => {
    if (index > 0 && call.dueDate < calls[index - 1].dueDate) {
      const field = paths.inField('callsForFunds', `[${index}].dueDate`);
      issues.push({
        field,
        message: M.callsOrder(field),
        expected: 'a due date on or after the previous call’s (calls for funds in due-date order)',
      });
    }
  });
  return issues;
}
