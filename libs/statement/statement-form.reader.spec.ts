import { buildAccountStatement as buildSandboxStatement } from '@apps/extranet-sandbox/src/statement.builder';
import { SANDBOX_CO_OWNERSHIPS } from '@apps/extranet-sandbox/src/fixtures/sandbox-co-ownerships';
import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { parse } from 'qs';
import { type AccountStatement } from './account-statement';
import { confirmed, notCommunicated } from './statement-field';
import { type FormOption, type FormRow, type StatementForm, buildStatementForm } from './statement-form';
import { formIssueOf } from './statement-form.inputs';
import { checkStatementForm, readStatementForm } from './statement-form.reader';
import { parseWireStatement } from './statement-wire.parser';
import { validateStatement } from './statement.validator';

const DOCUMENTS = [
  { id: 3, label: 'Relevé de compte du 20/03/2025' },
  { id: 7, label: 'Fiche synthétique 2025' },
  { id: 12, label: 'PV AG du 12 juin 2024' },
];

/** What a browser posts for the form as rendered: every input, a select's chosen option, a checked radio. */
function browserPairs(form: StatementForm): [string, string][] {
  const pairs: [string, string][] = [];
  const choose = (name: string, options: FormOption[]) =>
    pairs.push([name, (options.find((option) => option.selected) ?? options[0]).value]);
  const visit = (row: FormRow): void => {
    if (row.kind === 'field' && row.input.type === 'multi-select') {
      for (const option of row.input.options.filter((o) => o.selected)) pairs.push([row.name, option.value]);
    } else if (row.kind === 'field' && row.input.type === 'select') choose(row.name, row.input.options);
    else if (row.kind === 'field') pairs.push([row.name, row.value]);
    if (row.kind !== 'group' && row.statusName !== '') choose(row.statusName, row.statusOptions);
    if (row.sourceName !== '') choose(row.sourceName, row.sourceOptions);
    if (row.kind === 'group') row.rows.forEach(visit);
    if (row.kind === 'list') row.items.forEach((item) => item.rows.forEach(visit));
  };
  form.sections.forEach((section) => section.rows.forEach(visit));
  return pairs;
}

/** Urlencoded, then parsed as Nest's default body parser does (`qs`). */
function submit(pairs: [string, string][]): Record<string, unknown> {
  return parse(new URLSearchParams(pairs).toString());
}

function change(pairs: [string, string][], changes: Record<string, string>): [string, string][] {
  const changed = pairs.map(([name, value]): [string, string] => [name, changes[name] ?? value]);
  const added = Object.entries(changes).filter(([name]) => !pairs.some(([posted]) => posted === name));
  return [...changed, ...added];
}

/** Every value given a source, cycling through the documents, as an operator filing it would. */
function withSources(statement: AccountStatement): AccountStatement {
  let next = 0;
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== 'object' || value === null) return value;
    const copy = Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, visit(entry)]));
    if ('status' in copy) copy.source = DOCUMENTS[next++ % DOCUMENTS.length].id;
    return copy;
  };
  return visit(statement) as AccountStatement;
}

function roundTrip(statement: AccountStatement): unknown {
  const pairs = browserPairs(buildStatementForm({ statement, documents: DOCUMENTS }));
  const check = checkStatementForm(submit(pairs));
  if (!check.valid) throw new Error(check.issues.map((issue) => issue.message).join('\n'));
  return check.statement;
}

function rowNamed(form: StatementForm, name: string): FormRow {
  const find = (rows: FormRow[]): FormRow | undefined => {
    for (const row of rows) {
      if (row.name === name) return row;
      const inner =
        row.kind === 'group'
          ? find(row.rows)
          : row.kind === 'list'
            ? find(row.items.flatMap((i) => i.rows))
            : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const found = find(form.sections.flatMap((section) => section.rows));
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

describe('the statement form, rendered, posted by a browser and read', () => {
  const operatorStatement = withSources(
    buildAccountStatement({
      filedBy: 'operator',
      sellerBalance: confirmed(-2199),
      documentsNotExisting: confirmed(['dta', 'plans']),
      loans: confirmed([]),
      procedures: notCommunicated(12),
    }),
  );

  it('gives back the statement it showed, filed by the operator, with its sources', () => {
    expect(roundTrip(operatorStatement)).toEqual(operatorStatement);
    const statement = buildAccountStatement();
    expect(roundTrip(statement)).toEqual({ ...statement, filedBy: 'operator' });
  });

  it.each(SANDBOX_CO_OWNERSHIPS.map((fixture) => [fixture.coOwnership.name, fixture]))(
    'gives back the sandbox statement of %s',
    (_name, fixture) => {
      const statement = withSources(parseWireStatement(buildSandboxStatement(fixture, null)));
      expect(roundTrip(statement)).toEqual({ ...statement, filedBy: 'operator' });
    },
  );

  it('reads a blank form as a statement where nothing was communicated, save its date', () => {
    const pairs = browserPairs(buildStatementForm({ statement: null, documents: DOCUMENTS }));
    const check = checkStatementForm(submit(pairs));
    expect(check).toEqual({
      valid: false,
      issues: [{ field: 'statementDate', message: 'Le champ « Date du relevé de compte » est obligatoire' }],
      posted: expect.any(Object),
    });

    const dated = checkStatementForm(submit(change(pairs, { statementDate: '20/03/2025' })));
    if (!dated.valid) throw new Error(JSON.stringify(dated.issues));
    const statuses = new Set<string>();
    const visit = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return;
      if ('status' in value) statuses.add(String(value.status));
      else Object.values(value).forEach(visit);
    };
    visit(dated.statement);
    expect(statuses).toEqual(new Set(['not_communicated']));
    expect(dated.statement).toMatchObject({
      filedBy: 'operator',
      statementDate: '2025-03-20',
      lots: [],
      sellerOwes: { budgetProvisionsDue: notCommunicated() },
      chargesHistory: notCommunicated(),
      documentsNotExisting: notCommunicated(),
    });
  });

  it('refuses a submission with each message beside its input, naming the field by its label', () => {
    const pairs = browserPairs(buildStatementForm({ statement: operatorStatement, documents: DOCUMENTS }));
    const check = checkStatementForm(
      submit(
        change(pairs, {
          statementDate: '31/02/2025',
          'sellerOwes.budgetProvisionsDue.value': '12,345,6',
          'sellerBalance.value': '-12,50',
          'worksFund.lotShare.value': '-5',
          'lots.1.shares.value': '-3',
          'lots.1.nature.source': 'PV',
          'callsForFunds.value.5.budget.value': '100',
          // The first blank line of voted works left blank, the second used.
          'votedWorks.value.2.total.value': '1 000',
          'procedures.value.0.nature.value': 'Recouvrement',
          'lots.5000.number': '99',
          'building.worksPlan.value.state': '',
          unknown: 'ignored',
        }),
      ),
    );
    if (check.valid) throw new Error('expected a refusal');
    expect(check.issues).toEqual([
      {
        field: 'statementDate',
        message: 'Le champ « Date du relevé de compte » doit être une date valide, au format JJ/MM/AAAA',
      },
      {
        field: 'building.worksPlan.value.state',
        message: 'Le champ « État du plan pluriannuel » est obligatoire',
      },
      { field: 'lots', message: 'Le champ « Lots du vendeur » accepte au plus 1000 lignes' },
      {
        field: 'lots.1.nature.source',
        message: "Le document source du champ « Nature du lot » (Lots du vendeur, ligne 2) n'est pas valide",
      },
      {
        field: 'sellerOwes.budgetProvisionsDue.value',
        message:
          'Le champ « Provisions exigibles du budget prévisionnel » doit être un montant en euros, par exemple 1 234,56',
      },
      {
        field: 'callsForFunds.value.4.dueDate',
        message: "Le champ « Échéance » (Appels de fonds de l'exercice en cours, ligne 5) est obligatoire",
      },
      {
        field: 'worksFund.lotShare.value',
        message:
          'Le champ « Quote-part du fonds de travaux attachée aux lots vendus » ne peut pas être négatif',
      },
      {
        field: 'procedures.status',
        message:
          'Le champ « Procédures en cours » est indiqué « non communiqué » mais contient des lignes : ' +
          'choisissez « communiqué », ou videz les lignes',
      },
      {
        field: 'lots.1.shares.value',
        message:
          'Le champ « Tantièmes généraux » (Lots du vendeur, ligne 2) doit être un entier entre 0 et 100000000',
      },
    ]);

    const form = buildStatementForm({ statement: null, documents: DOCUMENTS, ...check });
    expect(form.errors).toEqual([]);
    const shown = (name: string) => {
      const row = rowNamed(form, name);
      return { value: row.kind === 'field' ? row.value : undefined, errors: row.errors };
    };
    expect(shown('statementDate')).toEqual({ value: '31/02/2025', errors: [check.issues[0].message] });
    expect(shown('sellerOwes.budgetProvisionsDue.value')).toEqual({
      value: '12,345,6',
      errors: [check.issues[4].message],
    });
    expect(shown('sellerBalance.value')).toEqual({ value: '-12,50', errors: [] });
    expect(shown('lots')).toEqual({ value: undefined, errors: [check.issues[2].message] });
    expect(shown('procedures')).toEqual({ value: undefined, errors: [check.issues[7].message] });
    expect(shown('building.worksPlan.value.state').errors).toEqual([check.issues[1].message]);
    const nature = rowNamed(form, 'lots.1.nature.value');
    expect(nature.errors).toEqual([check.issues[3].message]);
    expect(nature.sourceOptions.find((option) => option.selected)).toEqual({
      value: 'PV',
      label: 'Document n° PV',
      selected: true,
    });
    // The line typed in the second blank line of voted works comes back as the second line.
    const votedWorks = rowNamed(form, 'votedWorks');
    if (votedWorks.kind !== 'list') throw new Error('expected a list');
    expect(votedWorks.items.map((item) => item.index)).toEqual([0, 1, 2, 3]);
    expect(shown('votedWorks.value.1.total.value')).toEqual({ value: '1 000', errors: [] });
    expect(shown('callsForFunds.value.4.dueDate')).toEqual({ value: '', errors: [check.issues[5].message] });
  });

  it('puts the rules across fields beside the value they concern', () => {
    const statement = buildAccountStatement();
    const pairs = browserPairs(buildStatementForm({ statement, documents: DOCUMENTS }));
    const check = checkStatementForm(
      submit(
        change(pairs, {
          'chargesHistory.value.1.fiscalYear.start': '01/01/2024',
          'chargesHistory.value.1.fiscalYear.end': '31/12/2023',
          'lots.1.number': '12',
        }),
      ),
    );
    if (check.valid) throw new Error('expected a refusal');
    expect(check.issues).toEqual([
      {
        field: 'chargesHistory.value.1.fiscalYear',
        message:
          "Le champ « Exercice » (Charges appelées et payées par le vendeur, ligne 2) : le début de l'exercice doit précéder sa fin",
      },
      {
        field: 'lots.1.number',
        message: 'Le champ « Numéro du lot » (Lots du vendeur, ligne 2) : le lot 12 figure deux fois',
      },
    ]);
    const form = buildStatementForm({ statement: null, documents: DOCUMENTS, ...check });
    expect(rowNamed(form, 'chargesHistory.value.1.fiscalYear').errors).toEqual([check.issues[0].message]);
    expect(rowNamed(form, 'lots.1.number').errors).toEqual([check.issues[1].message]);
  });

  it("maps a validator's path to the input's name and label", () => {
    expect(
      formIssueOf({
        field: 'chargesHistory.value[1].budgetCalled.value',
        message:
          "Le champ 'chargesHistory.value[1].budgetCalled.value' doit être un montant positif ou nul en centimes (entier)",
      }),
    ).toEqual({
      field: 'chargesHistory.value.1.budgetCalled.value',
      message:
        'Le champ « Budget appelé » (Charges appelées et payées par le vendeur, ligne 2) doit être un montant positif ou nul en centimes (entier)',
    });
    const validation = validateStatement({ ...buildAccountStatement(), statementDate: undefined });
    expect(validation.valid ? [] : validation.issues.map(formIssueOf)).toEqual([
      { field: 'statementDate', message: 'Le champ « Date du relevé de compte » est obligatoire' },
    ]);
  });

  it('ignores unknown names, and refuses a list status it does not know', () => {
    const reading = readStatementForm({
      statementDate: '2025-03-20',
      'loans.status': 'peut-être',
      'lots.01.number': '1',
      'lots.0.number.extra': 'x',
      'lots.x.number': 'x',
      '__proto__.polluted': 'x',
      'sellerOwes.budgetProvisionsDue': '12',
    });
    expect(reading.issues).toEqual([
      {
        field: 'loans.status',
        message: 'Le champ « Emprunts collectifs » doit être « communiqué » ou « non communiqué »',
      },
    ]);
    expect(reading.json).toMatchObject({ lots: [], sellerOwes: { budgetProvisionsDue: notCommunicated() } });
    expect(reading.posted).toEqual({ statementDate: '2025-03-20', 'loans.status': 'peut-être' });
    expect(validateStatement(reading.json).valid).toBe(false);
  });
});
