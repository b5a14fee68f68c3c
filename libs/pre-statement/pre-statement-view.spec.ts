import { Doctype } from '@libs/orders/doctype';
import { confirmed, notCommunicated } from '@libs/statement/statement-field';
import {
  annex,
  buildAccountStatement,
  buildAnnexes,
  buildPreStatementInput,
} from '@test/support/pre-statement-input.factory';
import {
  buildPreStatementView,
  type LabelledValue,
  type PreStatementView,
  type Table,
} from './pre-statement-view';

const NBSP = '\u00a0';
const valueOf = (rows: LabelledValue[], label: string) => rows.find((row) => row.label === label)?.value;

function checkOf(
  view: PreStatementView,
  document: string,
): Omit<PreStatementView['documentChecks'][number], 'document'> {
  const { document: _name, ...check } = view.documentChecks.find((line) => line.document === document)!;
  return check;
}

describe('buildPreStatementView', () => {
  it('identifies the co-ownership from the statement, and who issued the document from what', () => {
    const view = buildPreStatementView(buildPreStatementInput());
    expect(valueOf(view.identification, 'Copropriété')).toBe('Résidence Les Tilleuls');
    expect(valueOf(view.identification, "Numéro d'immatriculation")).toBe('AB1234567');
    expect(valueOf(view.identification, 'Exercice comptable en cours')).toBe('du 01/01/2025 au 31/12/2025');
    expect(valueOf(view.identification, 'Relevé de compte utilisé')).toBe('20/03/2025');
    expect(valueOf(view.identification, 'Document établi par')).toBe(
      "Service de commande de pré-états datés, d'après l'extranet du syndic",
    );
    const filedByOperator = buildPreStatementView(
      buildPreStatementInput({ statement: buildAccountStatement({ filedBy: 'operator' }) }),
    );
    expect(valueOf(filedByOperator.identification, 'Document établi par')).toContain(
      'saisis par un opérateur',
    );
  });

  it('falls back to the order when the statement could not be obtained', () => {
    const view = buildPreStatementView(buildPreStatementInput({ statement: null, lotsRequested: ['12'] }));
    expect(valueOf(view.identification, 'Copropriété')).toBe('non communiqué');
    expect(valueOf(view.identification, "Adresse de l'immeuble")).toBe('12 rue des Lilas, 75011 Paris');
    expect(valueOf(view.syndic, 'Syndic')).toBe('Cabinet Martin');
    expect(view.sellerOwes.total).toBe('non communiqué');
    expect(view.sellerOwes.totalNote).toBeNull();
    expect(view.chargesHistory.map((line) => line.budgetCalled)).toEqual([
      'non communiqué',
      'non communiqué',
    ]);
    expect(view.summary.complete).toBe(false);
  });

  it('totals the known amounts of a part and says which it leaves out', () => {
    const statement = buildAccountStatement();
    statement.syndicateOwes.creditBalance = notCommunicated();
    const view = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(view.syndicateOwes.totalLabel).toBe('Total des montants connus');
    expect(view.syndicateOwes.total).toBe(`350,00${NBSP}€`);
    expect(view.syndicateOwes.totalNote).toBe(
      "Total partiel : il n'inclut pas « Solde créditeur du compte du vendeur » (non communiqué).",
    );
    expect(view.sellerOwes.totalLabel).toBe('Total');
  });

  it('says where every figure comes from, as FIGURE_ORIGINS has it: page 1, lots, charges, calls, works, loans', () => {
    const view = buildPreStatementView(buildPreStatementInput());
    expect(view.summary.keyFigures.map((figure) => [figure.label, figure.origin])).toEqual([
      ['Bien', ''],
      ['Lots vendus', ''],
      ['Solde du compte du vendeur au 20/03/2025', 'compte du vendeur'],
      ['Charges courantes des lots (budget)', 'comptes du syndicat'],
      ['Travaux votés restant à appeler (part des lots)', 'comptes du syndicat'],
      ['Emprunts collectifs restant dus (part des lots)', 'comptes du syndicat'],
      ['Procédures en cours', ''],
      ['Fonds de travaux (part des lots)', 'comptes du syndicat'],
    ]);
    const fromSyndicate =
      'Source : comptes du syndicat (montants de l’immeuble, part des lots d’après leurs tantièmes).';
    expect(view.lotsNote).toContain(fromSyndicate);
    expect(view.chargesNote).toContain('Source : compte du vendeur.');
    expect(view.calls?.note).toContain('(source : compte du vendeur)');
    expect(view.votedWorks).toMatchObject({ source: fromSyndicate });
    expect(view.loans).toMatchObject({ source: fromSyndicate });
    expect(view.procedures).toMatchObject({ source: null });
  });

  it('says under every table of the lots’ shares that it leaves out a lot absent from the account', () => {
    const view = buildPreStatementView(buildPreStatementInput({ lotsRequested: ['12', '47', '99'] }));
    const leftOut = 'Les sommes du lot 99, absent du compte du vendeur, ne sont pas comprises.';
    for (const note of [
      view.sellerOwes.totalNote,
      view.syndicateOwes.totalNote,
      view.buyerWillBear.totalNote,
      view.chargesNote,
      view.calls?.note,
      (view.votedWorks as Table).source,
      (view.loans as Table).source,
    ]) {
      expect(note).toContain(leftOut);
    }
    expect(view.summary.alerts).toContain(
      'Lot 99 absent du compte du vendeur : ses sommes ne figurent dans aucun total.',
    );
    // Its figures were not obtained: the file is not complete for it.
    expect(view.summary.complete).toBe(false);
    expect(view.summary.missing).toContain('sommes du lot 99, absent du compte du vendeur');
    expect(view.lots.at(-1)).toEqual({
      number: '99',
      description: 'absent du compte du vendeur',
      nature: '—',
      shares: '—',
      annualBudgetShare: '—',
      worksFundShare: '—',
    });
  });

  it('keeps both fiscal years before the current one, matched by their dates', () => {
    const statement = buildAccountStatement();
    if (statement.chargesHistory.status === 'confirmed')
      statement.chargesHistory.value.reverse().splice(0, 1);
    const view = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(view.chargesHistory.map((line) => [line.fiscalYear, line.budgetCalled])).toEqual([
      ['01/01/2024 – 31/12/2024', `2${NBSP}400,00${NBSP}€`],
      ['01/01/2023 – 31/12/2023', 'non communiqué'],
    ]);
  });

  it('gives the calls due by the statement’s date to the seller and the others to the buyer', () => {
    const view = buildPreStatementView(buildPreStatementInput());
    expect(view.calls?.lines.map((line) => [line.dueDate, line.party])).toEqual([
      ['01/01/2025', 'vendeur (échu)'],
      ['01/04/2025', 'acquéreur (à échoir)'],
      ['01/07/2025', 'acquéreur (à échoir)'],
      ['01/10/2025', 'acquéreur (à échoir)'],
    ]);
  });

  it('gives the seller the calls made due early under article 19-2, as parts 1 to 3 count them', () => {
    const statement = buildAccountStatement();
    // The three calls after the statement (569,26 + 569,27 + 569,28 € budget, 150 + 150,60 × 2 € hors budget).
    statement.syndicateOwes.provisionsMadeDueEarly = confirmed(215_901);
    statement.buyerWillBear.budgetProvisionsNotYetDue = confirmed(0);
    statement.buyerWillBear.horsBudgetProvisionsNotYetDue = confirmed(0);
    const view = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(view.calls?.lines.map((line) => [line.dueDate, line.party])).toEqual([
      ['01/01/2025', 'vendeur (échu)'],
      ['01/04/2025', 'vendeur (exigible par anticipation, art. 19-2)'],
      ['01/07/2025', 'vendeur (exigible par anticipation, art. 19-2)'],
      ['01/10/2025', 'vendeur (exigible par anticipation, art. 19-2)'],
    ]);
    expect(view.calls?.totals).toEqual([
      { label: 'Appels échus (vendeur)', value: `719,25${NBSP}€` },
      { label: 'Exigibles par anticipation, art. 19-2 (vendeur)', value: `2${NBSP}159,01${NBSP}€` },
      { label: 'Appels à échoir (acquéreur)', value: `0,00${NBSP}€` },
    ]);
    expect(view.calls?.note).toContain('article 19-2 de la loi du 10 juillet 1965');
    expect(view.calls?.note).not.toContain('à vérifier');

    // A total of calls that does not match what the syndic says was made due early is flagged.
    statement.syndicateOwes.provisionsMadeDueEarly = confirmed(100_000);
    const mismatch = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(mismatch.calls?.note).toContain(
      `le total des appels postérieurs au relevé (2${NBSP}159,01${NBSP}€) ne correspond pas aux provisions ` +
        `rendues exigibles par anticipation (1${NBSP}000,00${NBSP}€) : à vérifier auprès du syndic`,
    );
  });

  it('gives the seller a call that fell due between the statement and the document, and says so', () => {
    // Issued on 25 July 2025: the call of 1 April and that of 1 July fell due since the statement of 20 March.
    const view = buildPreStatementView(
      buildPreStatementInput({ issuedAt: new Date('2025-07-25T09:00:00Z') }),
    );
    expect(view.calls?.lines.map((line) => [line.dueDate, line.party])).toEqual([
      ['01/01/2025', 'vendeur (échu)'],
      ['01/04/2025', 'vendeur (échu depuis le relevé)'],
      ['01/07/2025', 'vendeur (échu depuis le relevé)'],
      ['01/10/2025', 'acquéreur (à échoir)'],
    ]);
    expect(view.calls?.totals.map((total) => total.label)).toEqual([
      'Appels échus (vendeur)',
      'Échus depuis le relevé (vendeur)',
      'Appels à échoir (acquéreur)',
    ]);
    expect(view.calls?.note).toContain('relevé de compte du 20/03/2025');
    expect(view.calls?.note).toContain('présent document du 25/07/2025');
    expect(view.calls?.note).toContain(
      'Les appels échus entre ces deux dates incombent au vendeur, mais les parties 1 à 3, arrêtées au ' +
        'relevé, les comptent encore parmi les provisions non encore exigibles',
    );
  });

  it('numbers the annexes in the law’s order, most recent first within a kind', () => {
    const view = buildPreStatementView(
      buildPreStatementInput({
        documents: [
          annex(Doctype.Plans, 'plans', 'Plan du lot', '2020-01-01'),
          annex(Doctype.Minutes, 'minutes', 'PV 2023', '2023-06-15'),
          annex(Doctype.Minutes, 'minutes', 'PV 2024', '2024-06-12'),
          annex(Doctype.SummarySheet, 'summary-sheet', 'Fiche', '2025-01-01'),
        ],
      }),
    );
    expect(view.annexes.map((line) => [line.number, line.title])).toEqual([
      [1, 'Fiche'],
      [2, 'PV 2024'],
      [3, 'PV 2023'],
      [4, 'Plan du lot'],
    ]);
    expect(view.annexSummary).toMatch(/^4 documents fournis, \d+ documents manquants\.$/);
  });

  it('takes a diagnostic of unsaid kind for no DTG nor works plan: both "à vérifier", never "fourni"', () => {
    const documents = [
      ...buildAnnexes().filter((document) => !['dtg', 'works-plan'].includes(document.kind ?? '')),
      annex(Doctype.Diagnostic, null, 'DPE collectif', '2024-01-10'),
    ];
    const view = buildPreStatementView(buildPreStatementInput({ documents }));
    const dpe = view.annexes.find((line) => line.title === 'DPE collectif')!;
    expect(dpe.type).toBe('Diagnostic (nature non précisée)');
    for (const name of ['Diagnostic technique global (DTG)', 'Plan pluriannuel de travaux (PPT)']) {
      expect(checkOf(view, name)).toEqual({
        status: 'undetermined',
        statusLabel: 'à vérifier',
        detail: expect.stringContaining(
          `non établi au vu des documents : annexe n° ${dpe.number}, diagnostic de nature non précisée`,
        ),
      });
    }
    expect(view.summary.toCheck).toEqual([
      expect.stringMatching(/^Diagnostic technique global \(DTG\) \(non établi au vu des documents/),
      expect.stringMatching(/^Plan pluriannuel de travaux \(PPT\) \(adopté par l’AG du 12\/06\/2024/),
    ]);
    // The syndic declares that no DTG was ever made: then it does not exist, whatever the diagnostic is.
    const declared = buildPreStatementView(
      buildPreStatementInput({
        documents,
        statement: buildAccountStatement({ documentsNotExisting: confirmed(['dtg']) }),
      }),
    );
    expect(checkOf(declared, 'Diagnostic technique global (DTG)').status).toBe('notExisting');
  });

  it('takes a règlement of unsaid extent for the règlement, and leaves the EDD "à vérifier", not missing', () => {
    const documents = buildAnnexes().map((document) =>
      document.kind === 'rules-and-division' ? { ...document, kind: null } : document,
    );
    const view = buildPreStatementView(
      buildPreStatementInput({
        documents,
        statement: buildAccountStatement({ documentsNotExisting: confirmed(['dta']) }),
      }),
    );
    expect(checkOf(view, 'Règlement de copropriété')).toMatchObject({ status: 'provided' });
    expect(checkOf(view, 'État descriptif de division')).toEqual({
      status: 'undetermined',
      statusLabel: 'à vérifier',
      detail:
        'non établi au vu des documents : le règlement fourni (annexe n° 2) ne précise pas s’il le comprend',
    });
    expect(view.annexes[1].type).toBe('Règlement de copropriété (contenu non précisé)');
    // Nothing is known to be missing, and nothing proves the file complete either.
    expect(view.summary).toMatchObject({
      complete: false,
      headline: 'Dossier à vérifier',
      missing: [],
      toCheck: [expect.stringMatching(/^État descriptif de division \(non établi/)],
      legalEffect: expect.stringMatching(/^Si l’un de ces documents n’a pas été communiqué à l’acquéreur/),
    });
    expect(view.annexSummary).toBe('11 documents fournis, 0 document manquant, 1 à vérifier.');
  });

  it('says "sans objet" for the works plan only while the building is under 15 years old', () => {
    const statusFor = (completionYear: number) => {
      const statement = buildAccountStatement();
      statement.building.completionYear = confirmed(completionYear);
      const view = buildPreStatementView(buildPreStatementInput({ statement, documents: [] }));
      return view.documentChecks.find((check) => check.document.startsWith('Plan pluriannuel'))?.status;
    };
    // The statement is of 2025.
    expect(statusFor(2011)).toBe('notApplicable');
    expect(statusFor(2010)).toBe('missing');
  });

  it('raises an alert when the syndicate’s unpaid charges exceed a quarter of its budget, not before', () => {
    const alertsFor = (unpaid: number) => {
      const statement = buildAccountStatement();
      statement.syndicate.unpaidCharges = confirmed(unpaid);
      return buildPreStatementView(buildPreStatementInput({ statement })).summary.alerts.join(' ');
    };
    expect(alertsFor(2_250_000)).not.toContain('Impayés de charges du syndicat');
    expect(alertsFor(2_250_001)).toContain('Impayés de charges du syndicat : 25,0 % du budget voté');
  });

  it('raises an alert for a plan de sauvegarde and for a péril order, and says "oui" in the building', () => {
    const statement = buildAccountStatement();
    statement.building.safeguardPlan = confirmed(true);
    statement.building.perilOrder = confirmed(true);
    const view = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(view.summary.alerts).toEqual(
      expect.arrayContaining([
        "L'immeuble fait l'objet d'un plan de sauvegarde.",
        "L'immeuble fait l'objet d'un arrêté de péril ou de mise en sécurité.",
      ]),
    );
    expect(valueOf(view.building, 'Plan de sauvegarde')).toBe('oui');
    expect(valueOf(view.building, 'Arrêté de péril ou de mise en sécurité')).toBe('oui');
    const quiet = buildPreStatementView(buildPreStatementInput());
    expect(quiet.summary.alerts.join(' ')).not.toMatch(/sauvegarde|péril/);
  });

  it('does not count the article 33 instalments, due because of the sale, as arrears', () => {
    const statement = buildAccountStatement();
    for (const key of Object.keys(statement.sellerOwes) as (keyof typeof statement.sellerOwes)[]) {
      statement.sellerOwes[key] = confirmed(0);
    }
    statement.sellerOwes.article33Instalments = confirmed(184_000);
    const view = buildPreStatementView(buildPreStatementInput({ statement, allDuePaid: true }));
    expect(view.summary.alerts.join(' ')).not.toContain('Vendeur débiteur');
    expect(view.allDuePaid).toEqual({ text: expect.stringContaining('le confirment'), contradicted: false });
    expect(view.sellerOwes.total).toBe(`1${NBSP}840,00${NBSP}€`);
  });

  it('never says figures confirm the seller’s declaration when none was obtained, or only some', () => {
    const statement = buildAccountStatement();
    for (const key of Object.keys(statement.sellerOwes) as (keyof typeof statement.sellerOwes)[]) {
      statement.sellerOwes[key] = notCommunicated();
    }
    const none = buildPreStatementView(buildPreStatementInput({ statement, allDuePaid: true }));
    expect(none.sellerOwes.total).toBe('non communiqué');
    expect(none.allDuePaid).toEqual({
      text: expect.not.stringContaining('le confirment'),
      contradicted: false,
    });

    statement.sellerOwes.budgetProvisionsDue = confirmed(0);
    const some = buildPreStatementView(buildPreStatementInput({ statement, allDuePaid: true }));
    expect(some.allDuePaid!.text).not.toContain('le confirment');
  });
});
