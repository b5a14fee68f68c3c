import { Doctype, REQUIRED_DOCTYPES } from '../doctype';
import { type StatementField, confirmed, notCommunicated } from '@libs/statement/statement-field';
import {
  kindsNotAwaited,
  kindsNotExisting,
  missingRequiredDoctypes,
  withExistenceMarks,
} from './document-existence';

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

  it('awaits no minutes of a co-ownership whose syndic says no general meeting was ever held', () => {
    const meetings = (held: StatementField<string[]>) => ({
      ...statement,
      generalMeetings: { last: notCommunicated(), next: notCommunicated(), held },
    });
    expect([...kindsNotAwaited(meetings(confirmed([])), {})].sort()).toEqual(['crep', 'dtg', 'minutes']);
    expect(kindsNotAwaited(meetings(confirmed(['2025-06-17'])), {}).has('minutes')).toBe(false);
    expect(kindsNotAwaited(meetings(notCommunicated()), {}).has('minutes')).toBe(false);
  });

  it('does not count a required type whose kind does not exist as missing', () => {
    const present = [
      { doctype: Doctype.SummarySheet, kind: null },
      { doctype: Doctype.CoOwnershipRules, kind: null },
    ];
    expect(missingRequiredDoctypes(REQUIRED_DOCTYPES, present, new Set())).toEqual([
      Doctype.Minutes,
      Doctype.MaintenanceLog,
    ]);
    expect(missingRequiredDoctypes(REQUIRED_DOCTYPES, present, new Set(['minutes' as const]))).toEqual([
      Doctype.MaintenanceLog,
    ]);
  });

  it('takes neither a modifying act nor the état descriptif alone for the règlement (code 3)', () => {
    const others = [
      { doctype: Doctype.SummarySheet, kind: 'summary-sheet' },
      { doctype: Doctype.Minutes, kind: 'minutes' },
      { doctype: Doctype.MaintenanceLog, kind: null },
    ];
    const missing = (...rules: { doctype: Doctype; kind: string | null }[]) =>
      missingRequiredDoctypes(REQUIRED_DOCTYPES, [...others, ...rules], new Set());
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: 'rules-amendment' })).toEqual([
      Doctype.CoOwnershipRules,
    ]);
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: 'division' })).toEqual([
      Doctype.CoOwnershipRules,
    ]);
    // The règlement, with or without the état descriptif, or a code-3 document nobody said the kind of.
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: 'rules' })).toEqual([]);
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: 'rules-and-division' })).toEqual([]);
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: null })).toEqual([]);
    // A kind of another code is no kind at all: a document of unsaid kind, which may be the règlement.
    expect(missing({ doctype: Doctype.CoOwnershipRules, kind: 'dtg' })).toEqual([]);
  });
});
