import { Doctype, REQUIRED_DOCTYPES } from '../doctype';
import { confirmed, notCommunicated } from '@libs/statement/statement-field';
import { kindsNotExisting, missingRequiredDoctypes, withExistenceMarks } from './document-existence';

describe('document existence', () => {
  const statement = { documentsNotExisting: confirmed<('dtg' | 'crep' | 'plans')[]>(['dtg', 'crep'], 4) };

  it("applies an operator's marks over the statement's list", () => {
    expect([...kindsNotExisting(statement, { crep: true, plans: false })].sort()).toEqual(['dtg', 'plans']);
    expect([...kindsNotExisting(null, { dtg: false })]).toEqual(['dtg']);
    expect([...kindsNotExisting({ documentsNotExisting: notCommunicated() }, {})]).toEqual([]);
  });

  it('gives the document the list with the marks, keeping its source, and leaves it alone without marks', () => {
    expect(withExistenceMarks(statement, { dta: false }).documentsNotExisting).toEqual(
      confirmed(['dtg', 'dta', 'crep'], 4),
    );
    expect(withExistenceMarks(statement, {})).toBe(statement);
    expect(withExistenceMarks({ documentsNotExisting: notCommunicated() }, { dtg: false })).toEqual({
      documentsNotExisting: confirmed(['dtg'], null),
    });
  });

  it('does not count a required type whose kind does not exist as missing', () => {
    const present = new Set([Doctype.SummarySheet, Doctype.CoOwnershipRules]);
    expect(missingRequiredDoctypes(REQUIRED_DOCTYPES, present, new Set())).toEqual([
      Doctype.Minutes,
      Doctype.MaintenanceLog,
    ]);
    expect(missingRequiredDoctypes(REQUIRED_DOCTYPES, present, new Set(['minutes' as const]))).toEqual([
      Doctype.MaintenanceLog,
    ]);
  });
});
