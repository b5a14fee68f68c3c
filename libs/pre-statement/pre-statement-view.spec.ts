import { Doctype } from '@libs/orders/doctype';
import { type AccountStatement } from '@libs/statement/account-statement';
import { STATEMENT_CONTENT_SCHEMA } from '@libs/statement/account-statement.schema';
import { confirmed, notCommunicated } from '@libs/statement/statement-field';
import { type FormDescriptor, MAX_CENTS } from '@libs/statement/statement-schema';
import { validateStatement } from '@libs/statement/statement.validator';
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

/** The statement's JSON with every amount the schema describes set to `cents`. */
function withEveryAmount(json: unknown, form: FormDescriptor, cents: number): unknown {
  switch (form.kind) {
    case 'cents':
      return cents;
    case 'object': {
      const record = json as Record<string, unknown>;
      for (const { key, form: child } of form.keys) record[key] = withEveryAmount(record[key], child, cents);
      return record;
    }
    case 'list':
      return (json as unknown[]).map((item) => withEveryAmount(item, form.item, cents));
    case 'field': {
      const field = json as { value: unknown };
      if (field.value !== null) field.value = withEveryAmount(field.value, form.inner, cents);
      return field;
    }
    case 'nullable':
      return json === null ? null : withEveryAmount(json, form.inner, cents);
    default:
      return json;
  }
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

  it('shows the property as ordered beside the syndic’s building, and says so when they differ', () => {
    // The seller's account may cover lots of another co-ownership of the same syndic, or the client
    // mistyped the address: a pre-statement of another building must not pass for the property sold.
    const same = buildPreStatementView(
      buildPreStatementInput({
        property: { address: '12, r. des lilas', additional: 'Bâtiment A', zipcode: '75011', city: 'PARIS' },
      }),
    );
    expect(valueOf(same.identification, "Adresse de l'immeuble")).toBe('12 rue des Lilas, 75011 Paris');
    expect(valueOf(same.identification, 'Bien désigné dans la commande')).toBe(
      '12, r. des lilas, Bâtiment A, 75011 PARIS',
    );
    expect(same.identification.map((row) => row.label)).not.toContain("Complément d'adresse du bien");
    expect(same.summary.toCheck).toEqual([]);

    const statement = buildAccountStatement({ documentsNotExisting: confirmed(['dta']) });
    statement.coOwnership.address = confirmed('3 allée des Vendangeurs');
    statement.coOwnership.zipcode = confirmed('33140');
    statement.coOwnership.city = confirmed('Villenave-d’Ornon');
    const other = buildPreStatementView(buildPreStatementInput({ statement }));
    expect(other.summary).toMatchObject({
      complete: false,
      headline: 'Dossier à vérifier',
      missing: [],
      toCheck: [
        "adresse de l'immeuble selon le syndic (3 allée des Vendangeurs, 33140 Villenave-d’Ornon) différente " +
          'de celle du bien commandé (12 rue des Lilas, Bâtiment A, 75011 Paris) : vérifier que le relevé ' +
          'porte sur le bien vendu',
      ],
      // No document is in doubt: the withdrawal period is not said to be at stake.
      legalEffect: null,
    });
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

  describe('completeness: never claimed while the document prints "non communiqué"', () => {
    /** Every value communicated, every document obtained or declared not existing. */
    const completeStatement = () => buildAccountStatement({ documentsNotExisting: confirmed(['dta']) });
    const completeInput = (statement: AccountStatement, documents = buildAnnexes()) =>
      buildPreStatementInput({ statement, documents });

    it('says "Dossier complet" when nothing is missing', () => {
      const view = buildPreStatementView(completeInput(completeStatement()));
      expect(JSON.stringify(view)).not.toMatch(/non communiqu/i);
      expect(view.summary).toMatchObject({ complete: true, headline: 'Dossier complet' });
    });

    it.each<[string, (statement: AccountStatement) => void]>([
      ['the seller’s balance', (statement) => (statement.sellerBalance = notCommunicated())],
      ['the calls for funds', (statement) => (statement.callsForFunds = notCommunicated())],
      ['the voted works', (statement) => (statement.votedWorks = notCommunicated())],
      ['the loans', (statement) => (statement.loans = notCommunicated())],
      ['the procedures', (statement) => (statement.procedures = notCommunicated())],
      [
        'a lot’s share of the budget',
        (statement) => (statement.lots[0].annualBudgetShare = notCommunicated()),
      ],
      [
        'a lot’s share of the works fund',
        (statement) => (statement.lots[1].worksFundShare = notCommunicated()),
      ],
      ['a lot’s tantièmes', (statement) => (statement.lots[0].shares = notCommunicated())],
      ['a lot’s nature', (statement) => (statement.lots[0].nature = notCommunicated())],
      [
        'the registration number',
        (statement) => (statement.coOwnership.registrationNumber = notCommunicated()),
      ],
      ['the energy audit', (statement) => (statement.building.energyAudit = notCommunicated())],
      [
        'the syndic’s phone and email',
        (statement) => {
          statement.syndic.phone = notCommunicated();
          statement.syndic.email = notCommunicated();
        },
      ],
      [
        'the closing date of the last approved fiscal year',
        (statement) => (statement.syndicate.lastApprovedFiscalYearEnd = notCommunicated()),
      ],
    ])('counts %s', (_label, unknown) => {
      const input = completeInput(completeStatement());
      unknown(input.statement!);
      const view = buildPreStatementView(input);
      expect(view.summary).toMatchObject({ complete: false, headline: 'Dossier incomplet' });
      expect(view.summary.missing).toEqual([expect.stringMatching(/^\d+ mentions? « non communiqué »/)]);
    });

    /** Paths of every status-carrying value of the statement, those inside lists included. */
    const fieldPaths = (value: unknown, path: (string | number)[] = []): (string | number)[][] => {
      if (typeof value !== 'object' || value === null) return [];
      const record = value as Record<string, unknown>;
      const isField = 'status' in record && 'value' in record && 'source' in record;
      const children = Object.entries(isField ? { value: record.value } : record).flatMap(([key, child]) =>
        fieldPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
      );
      return isField ? [path, ...children] : children;
    };

    it.each(fieldPaths(completeStatement()).map((path) => [path.join('.'), path]))(
      'whichever value is not communicated: %s',
      (_label, path) => {
        const statement = completeStatement();
        const parent = path
          .slice(0, -1)
          .reduce<Record<string | number, unknown>>(
            (node, key) => node[key] as Record<string | number, unknown>,
            statement as never,
          );
        parent[path.at(-1)!] = notCommunicated();
        const view = buildPreStatementView(completeInput(statement));
        // What the document prints: the whole view but the notice, page 1's figures, and the calls'
        // table, which reads "non communiqué" when there is none.
        const printed = JSON.stringify({
          ...view,
          summary: view.summary.keyFigures,
          notice: null,
          calls: view.calls ?? 'non communiqué',
        });
        if (/non communiqu/i.test(printed)) expect(view.summary.complete).toBe(false);
      },
    );

    it('counts the published modifying acts the syndic did not list', () => {
      const statement = completeStatement();
      statement.rulesAmendments = notCommunicated();
      const documents = buildAnnexes().filter((document) => document.kind !== 'rules-amendment');
      const view = buildPreStatementView(completeInput(statement, documents));
      expect(checkOf(view, 'Actes modificatifs publiés')).toMatchObject({ statusLabel: 'non communiqué' });
      expect(view.summary).toMatchObject({
        complete: false,
        missing: ['1 mention « non communiqué » (détail ci-après)'],
      });
    });

    it('counts every "non communiqué" the document prints, once each', () => {
      const statement = completeStatement();
      statement.sellerBalance = notCommunicated();
      statement.coOwnership.registrationNumber = notCommunicated();
      statement.callsForFunds = notCommunicated();
      statement.sellerOwes.otherSumsDue = notCommunicated();
      const view = buildPreStatementView(completeInput(statement));
      // The balance (page 1), the number, the calls' table, line e) and the note under its partial total.
      expect(view.summary.missing).toEqual(['5 mentions « non communiqué » (détail ci-après)']);
    });
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

  describe('the charges of the two fiscal years before the current one', () => {
    const charged = (start: string, end: string, budgetCalled: number) => ({
      fiscalYear: { start, end },
      budgetCalled: confirmed(budgetCalled),
      budgetPaid: confirmed(budgetCalled),
      horsBudgetCalled: confirmed(0),
      horsBudgetPaid: confirmed(0),
    });
    const rowsFor = (current: { start: string; end: string }, history: ReturnType<typeof charged>[]) => {
      const statement = buildAccountStatement();
      statement.coOwnership.currentFiscalYear = confirmed(current);
      statement.chargesHistory = confirmed(history);
      return buildPreStatementView(buildPreStatementInput({ statement })).chargesHistory.map((line) => [
        line.fiscalYear,
        line.budgetCalled,
      ]);
    };

    it('labels each year with the syndic’s own dates, never a shifted date (29 February)', () => {
      expect(
        rowsFor({ start: '2024-03-01', end: '2025-02-28' }, [
          charged('2023-03-01', '2024-02-29', 100_000),
          charged('2022-03-01', '2023-02-28', 90_000),
        ]),
      ).toEqual([
        ['01/03/2023 – 29/02/2024', `1${NBSP}000,00${NBSP}€`],
        ['01/03/2022 – 28/02/2023', `900,00${NBSP}€`],
      ]);
    });

    it('keeps the figures the syndic gave after a change of fiscal-year dates', () => {
      // A transitional year of 18 months moved the year's start from January to July.
      expect(
        rowsFor({ start: '2025-07-01', end: '2026-06-30' }, [
          charged('2024-01-01', '2025-06-30', 150_000),
          charged('2023-01-01', '2023-12-31', 100_000),
          charged('2022-01-01', '2022-12-31', 95_000),
        ]),
      ).toEqual([
        ['01/01/2024 – 30/06/2025', `1${NBSP}500,00${NBSP}€`],
        ['01/01/2023 – 31/12/2023', `1${NBSP}000,00${NBSP}€`],
      ]);
    });

    it('says "non communiqué" only for a year the syndic did not give, in its place', () => {
      expect(
        rowsFor({ start: '2025-01-01', end: '2025-12-31' }, [
          charged('2025-01-01', '2025-12-31', 120_000),
          charged('2023-01-01', '2023-12-31', 100_000),
        ]),
      ).toEqual([
        ['01/01/2024 – 31/12/2024', 'non communiqué'],
        ['01/01/2023 – 31/12/2023', `1${NBSP}000,00${NBSP}€`],
      ]);
    });
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

  it('takes an annex that could not be joined (0 pages, "illisible") for no document: missing or "à vérifier"', () => {
    const unreadable = (kinds: (string | null)[]) =>
      buildAnnexes().map((document) =>
        kinds.includes(document.kind) ? { ...document, pages: 0 } : document,
      );
    const view = buildPreStatementView(
      buildPreStatementInput({ documents: unreadable(['summary-sheet', 'dtg', 'maintenance-log']) }),
    );
    const summarySheet = view.annexes.find((line) => line.title === 'Fiche synthétique 2025')!;
    expect(summarySheet.pages).toBe('illisible');
    expect(checkOf(view, 'Fiche synthétique')).toMatchObject({ status: 'missing' });
    expect(checkOf(view, 'Diagnostic technique global (DTG)')).toMatchObject({ status: 'missing' });
    expect(checkOf(view, "Carnet d'entretien")).toMatchObject({ status: 'missing' });
    expect(view.summary.missing).toEqual(expect.arrayContaining(['Fiche synthétique', "Carnet d'entretien"]));
    expect(view.annexSummary).toBe('8 documents fournis, 4 documents manquants.');

    // Where a document of unsaid kind may be it, the check stays "à vérifier", not "fourni".
    const documents = [
      ...unreadable(['dtg']),
      annex(Doctype.Diagnostic, null, 'Diagnostic', '2024-01-10'),
      { ...annex(Doctype.Diagnostic, null, 'Diagnostic illisible', '2024-02-10'), pages: 0 },
    ];
    const unsaid = buildPreStatementView(buildPreStatementInput({ documents }));
    const readable = unsaid.annexes.find((line) => line.title === 'Diagnostic')!;
    expect(checkOf(unsaid, 'Diagnostic technique global (DTG)')).toEqual({
      status: 'undetermined',
      statusLabel: 'à vérifier',
      detail: `non établi au vu des documents : annexe n° ${readable.number}, diagnostic de nature non précisée`,
    });
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

  it('says a required document the syndic declares not existing is so, as the wait took it, not "manquant"', () => {
    // The order's wait did not wait for them: the document must not then list them as missing.
    const kinds = ['summary-sheet', 'rules', 'maintenance-log'] as const;
    const view = buildPreStatementView(
      buildPreStatementInput({
        documents: buildAnnexes().filter(
          (document) =>
            !['summary-sheet', 'rules', 'rules-and-division', 'maintenance-log'].includes(document.kind!),
        ),
        statement: buildAccountStatement({ documentsNotExisting: confirmed([...kinds]) }),
      }),
    );
    for (const name of ['Fiche synthétique', 'Règlement de copropriété', "Carnet d'entretien"]) {
      expect(checkOf(view, name)).toMatchObject({
        status: 'notExisting',
        detail: 'le syndic déclare qu’il n’en existe pas',
      });
    }
    expect(view.summary.missing.join(' ; ')).not.toMatch(/Fiche synthétique|Règlement de copropriété|Carnet/);
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

  it('adds up the largest amounts the statement accepts, as many as it accepts, without losing a cent', () => {
    const base = buildAccountStatement();
    const many = <T>(count: number, item: (index: number) => T): T[] =>
      Array.from({ length: count }, (_, i) => item(i));
    const day = (index: number) => new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);
    const largest: AccountStatement = {
      ...base,
      lots: many(1000, (index) => ({ ...base.lots[0], number: String(index + 1) })),
      callsForFunds: confirmed(
        many(60, (index) => ({ dueDate: day(index), budget: confirmed(1), horsBudget: confirmed(1) })),
      ),
      votedWorks: confirmed(many(200, () => structuredClone((base.votedWorks.value ?? [])[0]))),
      loans: confirmed(many(50, () => structuredClone((base.loans.value ?? [])[0]))),
    };
    const json = withEveryAmount(
      JSON.parse(JSON.stringify(largest)),
      STATEMENT_CONTENT_SCHEMA.form,
      MAX_CENTS,
    );
    const validation = validateStatement(json);
    if (!validation.valid) throw new Error(JSON.stringify(validation.issues.slice(0, 3)));

    const view = buildPreStatementView(
      buildPreStatementInput({ statement: validation.statement, lotsRequested: null }),
    );
    // 1,000 lots' budget shares, the largest sum the document makes.
    expect(
      view.summary.keyFigures.find((figure) => figure.label.startsWith('Charges courantes'))?.value,
    ).toBe(
      `2${NBSP}500${NBSP}000${NBSP}000${NBSP}000,00${NBSP}€ par trimestre (10${NBSP}000${NBSP}000${NBSP}000${NBSP}000,00${NBSP}€ par an)`,
    );
  });

  it('never says the figures confirm the seller’s declaration while a requested lot is not on the account', () => {
    const statement = buildAccountStatement();
    for (const key of Object.keys(statement.sellerOwes) as (keyof typeof statement.sellerOwes)[]) {
      statement.sellerOwes[key] = confirmed(0);
    }
    const all = buildPreStatementView(buildPreStatementInput({ statement, allDuePaid: true }));
    expect(all.allDuePaid!.text).toContain('le confirment');

    // Lot 99's sums are not included in the figures: they cannot confirm the seller is up to date for it.
    const view = buildPreStatementView(
      buildPreStatementInput({ statement, allDuePaid: true, lotsRequested: ['12', '47', '99'] }),
    );
    expect(view.sellerOwes.totalNote).toContain('Les sommes du lot 99');
    expect(view.allDuePaid).toEqual({
      text:
        'Le vendeur déclare être à jour de ses paiements envers le syndicat des copropriétaires ; les ' +
        "sommes de son compte n'ayant pas toutes été communiquées, la déclaration n'a pas pu être vérifiée.",
      contradicted: false,
    });
  });
});
