import { STATEMENT_MESSAGES as M } from '@libs/platform/messages.fr';
import { type AccountStatement } from './account-statement';
import { valueOf } from './statement-field';
import { type StatementIssue } from './statement-schema';
import { type StatementValidation, validateStatement } from './statement.validator';

/**
 * Validates a statement a person files (the console's form, the operators' service): the model's rules,
 * and besides, what contradicts itself. These are not the model's rules: a statement stored before
 * them, or collected from an extranet as the syndic gave it, still reads.
 */
export function validateFiledStatement(json: unknown): StatementValidation {
  const validation = validateStatement(json);
  if (!validation.valid) return validation;
  const issues = contradictions(validation.statement);
  return issues.length === 0 ? validation : { valid: false, issues };
}

function contradictions(statement: AccountStatement): StatementIssue[] {
  const issues: StatementIssue[] = [];
  // A figure of something the statement says does not exist would be dropped from the document, which
  // prints "sans objet" in its place: one or the other is wrong, and only the person filing knows which.
  if (valueOf(statement.worksFund.exists) === false) {
    const amounts: [string, unknown][] = [
      ['worksFund.lotShare.value', valueOf(statement.worksFund.lotShare)],
      ['worksFund.lastContribution.value', valueOf(statement.worksFund.lastContribution)],
      ['worksFund.lastContributionDate.value', valueOf(statement.worksFund.lastContributionDate)],
      ...statement.lots.map(
        (lot, index) =>
          [`lots[${index}].worksFundShare.value`, valueOf(lot.worksFundShare)] as [string, unknown],
      ),
    ];
    for (const [path, value] of amounts) {
      if (value !== null) issues.push({ field: path, message: M.withoutWorksFund(path) });
    }
  }
  const totalShares = valueOf(statement.coOwnership.totalShares);
  if (totalShares !== null) {
    let lotShares = 0;
    statement.lots.forEach((lot, index) => {
      const shares = valueOf(lot.shares);
      if (shares === null) return;
      lotShares += shares;
      const path = `lots[${index}].shares.value`;
      if (shares > totalShares) issues.push({ field: path, message: M.sharesBeyondTotal(path, totalShares) });
    });
    if (lotShares > totalShares && !issues.some((issue) => issue.field.endsWith('.shares.value'))) {
      const path = 'coOwnership.totalShares.value';
      issues.push({ field: path, message: M.lotSharesBeyondTotal(path, lotShares) });
    }
  }
  const worksPlan = valueOf(statement.building.worksPlan);
  if (worksPlan?.state === 'none' && worksPlan.date !== null) {
    const path = 'building.worksPlan.value.date';
    issues.push({ field: path, message: M.worksPlanNoneDated(path) });
  }
  return issues;
}
