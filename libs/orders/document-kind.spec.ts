import { ALL_DOCTYPES, Doctype } from './doctype';
import { DOCUMENT_KINDS, defaultKind, kindOf, kindsOf, publishedDoctype, statedKind } from './document-kind';

describe('document kinds', () => {
  it('publish every kind under one code, and every code has a kind', () => {
    for (const doctype of ALL_DOCTYPES) {
      expect(kindsOf(doctype)).toContain(defaultKind(doctype));
      for (const kind of kindsOf(doctype)) expect(publishedDoctype(kind)).toBe(doctype);
    }
    expect(ALL_DOCTYPES.flatMap(kindsOf).sort()).toEqual([...DOCUMENT_KINDS].sort());
    expect(kindsOf(Doctype.Diagnostic)).toEqual([
      'dtg',
      'works-plan',
      'works-plan-project',
      'energy-audit',
      'energy-performance',
    ]);
  });

  it('state a kind only when it was said, or when the code has no other', () => {
    expect(statedKind({ doctype: Doctype.Diagnostic, kind: 'works-plan' })).toBe('works-plan');
    expect(statedKind({ doctype: Doctype.Minutes, kind: null })).toBe('minutes');
    expect(statedKind({ doctype: Doctype.Plans })).toBe('plans');
    // A diagnostic or a règlement of unsaid kind is not taken for a DTG or for the règlement alone.
    expect(statedKind({ doctype: Doctype.Diagnostic, kind: null })).toBeNull();
    expect(statedKind({ doctype: Doctype.CoOwnershipRules })).toBeNull();
    // A kind of another code is not the document's.
    expect(statedKind({ doctype: Doctype.Diagnostic, kind: 'rules' })).toBeNull();
    expect(statedKind({ doctype: Doctype.Diagnostic, kind: 'unknown' })).toBeNull();
  });

  it('still list a document of unsaid kind under its code’s first kind (kindOf)', () => {
    expect(kindOf({ doctype: Doctype.Diagnostic, kind: null })).toBe('dtg');
    expect(kindOf({ doctype: Doctype.CoOwnershipRules, kind: 'rules-and-division' })).toBe(
      'rules-and-division',
    );
  });
});
