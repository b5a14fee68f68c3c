import { Doctype } from '@libs/orders/doctype';
import { buildPreStatementView, type LabelledValue } from './pre-statement-view';
import {
  annex,
  buildAccountStatement,
  buildPreStatementInput,
} from '@test/support/pre-statement-input.factory';
import { notCommunicated } from '@libs/statement/statement-field';

const NBSP = '\u00a0';
const valueOf = (rows: LabelledValue[], label: string) => rows.find((row) => row.label === label)?.value;

describe('buildPreStatementView', () => {
  it('identifies the co-ownership from the statement', () => {
    const view = buildPreStatementView(buildPreStatementInput());
    expect(valueOf(view.identification, 'Copropriété')).toBe('Résidence Les Tilleuls');
    expect(valueOf(view.identification, "Numéro d'immatriculation")).toBe('AB1234567');
    expect(valueOf(view.identification, 'Syndic')).toBe('Cabinet Martin Gestion');
    expect(valueOf(view.identification, 'Exercice comptable en cours')).toBe('du 01/01/2025 au 31/12/2025');
    expect(valueOf(view.identification, 'Relevé de compte utilisé')).toBe('20/03/2025');
    expect(valueOf(view.identification, 'Référence client')).toBe('DOSSIER-2025-0042');
    expect(valueOf(view.identification, "Date d'émission")).toBe('25/03/2025');
  });

  it('falls back to the order when the statement could not be obtained', () => {
    const view = buildPreStatementView(buildPreStatementInput({ statement: null, lotsRequested: ['12'] }));
    expect(valueOf(view.identification, 'Copropriété')).toBe('non communiqué');
    expect(valueOf(view.identification, "Adresse de l'immeuble")).toBe('12 rue des Lilas, 75011 Paris');
    expect(valueOf(view.identification, 'Syndic')).toBe('Cabinet Martin');
    expect(valueOf(view.identification, "Numéro d'immatriculation")).toBe('non communiqué');
    expect(view.lots).toEqual([{ number: '12', description: 'non communiqué', shares: 'non communiqué' }]);
    const amounts = [
      ...view.sellerOwes.lines,
      ...view.syndicateOwes.lines,
      ...view.buyerWillBear.lines,
      ...view.syndicateFigures,
    ].map((line) => line.value);
    expect(new Set(amounts)).toEqual(new Set(['non communiqué']));
    expect(view.sellerOwes.total).toBe('non communiqué');
    expect(view.chargesHistory).toHaveLength(1);
    expect(view.chargesHistory[0].budgetCalled).toBe('non communiqué');
  });

  it('names the property on every page by the co-ownership, or by its address without a statement', () => {
    expect(buildPreStatementView(buildPreStatementInput()).propertyLabel).toBe('Résidence Les Tilleuls');
    expect(buildPreStatementView(buildPreStatementInput({ statement: null })).propertyLabel).toBe(
      '12 rue des Lilas, 75011 Paris',
    );
  });

  it('totals a part only when every amount of it is known', () => {
    const known = buildPreStatementView(buildPreStatementInput());
    expect(known.sellerOwes.total).toBe(`1${NBSP}697,06${NBSP}€`);
    const statement = buildAccountStatement();
    statement.syndicateOwes.creditBalance = notCommunicated();
    const partial = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(partial.syndicateOwes.lines[1].value).toBe('non communiqué');
    expect(partial.syndicateOwes.total).toBe('non communiqué');
  });

  it('lists the requested lots, matching "012" with "12", and keeps unknown ones', () => {
    const view = buildPreStatementView(buildPreStatementInput({ lotsRequested: ['012', '99'] }));
    expect(view.lots).toEqual([
      { number: '12', description: 'Appartement de 3 pièces, 2e étage, bâtiment A', shares: '245' },
      { number: '99', description: 'non communiqué', shares: 'non communiqué' },
    ]);
  });

  it('lists every lot of the statement when the order names none', () => {
    const view = buildPreStatementView(buildPreStatementInput({ lotsRequested: null }));
    expect(view.lots.map((lot) => lot.number)).toEqual(['12', '47']);
  });

  it('writes sellers as first name and capitalised family name', () => {
    const view = buildPreStatementView(buildPreStatementInput());
    expect(view.sellers).toEqual(['Jeanne DUPONT', "François N'DIAYE"]);
  });

  it('states the all-due-paid declaration only when the seller made it', () => {
    expect(buildPreStatementView(buildPreStatementInput({ allDuePaid: true })).allDuePaidDeclaration).toMatch(
      /^Le vendeur déclare être à jour de ses paiements/,
    );
    expect(
      buildPreStatementView(buildPreStatementInput({ allDuePaid: false })).allDuePaidDeclaration,
    ).toBeNull();
  });

  it('adds required documents absent from the list as missing, grouped by type', () => {
    const view = buildPreStatementView(
      buildPreStatementInput({
        documents: [
          annex(Doctype.Plans, 'plans', 'Plan du lot', '2020-01-01'),
          annex(Doctype.Minutes, 'minutes', 'PV 2023', '2023-06-15'),
          annex(Doctype.Minutes, 'minutes', 'PV 2024', '2024-06-12'),
        ],
      }),
    );
    expect(view.annexes.map((annex) => [annex.type, annex.title, annex.date, annex.found])).toEqual([
      ['Fiche synthétique', 'non communiqué', 'non communiqué', false],
      ["Procès-verbal d'assemblée générale", 'PV 2024', '12/06/2024', true],
      ["Procès-verbal d'assemblée générale", 'PV 2023', '15/06/2023', true],
      ['Règlement de copropriété', 'non communiqué', 'non communiqué', false],
      ["Carnet d'entretien", 'non communiqué', 'non communiqué', false],
      ['Plans', 'Plan du lot', '01/01/2020', true],
    ]);
    expect(view.annexSummary).toBe('3 documents fournis, 3 documents manquants.');
  });
});
