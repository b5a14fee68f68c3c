import { ALL_DOCTYPES, Doctype } from '@libs/orders/doctype';
import { doctypeLabel } from './document-labels';

describe('doctypeLabel', () => {
  it('names every document type in French', () => {
    for (const doctype of ALL_DOCTYPES) expect(doctypeLabel(doctype)).toMatch(/\S/);
    expect(doctypeLabel(Doctype.SummarySheet)).toBe('Fiche synthétique');
    expect(doctypeLabel(Doctype.Minutes)).toBe("Procès-verbal d'assemblée générale");
    expect(doctypeLabel(Doctype.Registration)).toBe("Justificatif d'immatriculation");
    expect(doctypeLabel(Doctype.Other)).toBe('Autre document');
  });
});
