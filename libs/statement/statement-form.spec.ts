import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { confirmed, notCommunicated } from './statement-field';
import {
  type FormFieldRow,
  type FormListRow,
  type FormRow,
  type StatementForm,
  buildStatementForm,
} from './statement-form';

const DOCUMENTS = [
  { id: 3, label: 'Relevé de compte du 20/03/2025' },
  { id: 7, label: 'Fiche synthétique 2025' },
];

function allRows(form: StatementForm): FormRow[] {
  const flatten = (rows: FormRow[]): FormRow[] =>
    rows.flatMap((row) => [
      row,
      ...(row.kind === 'group' ? flatten(row.rows) : []),
      ...(row.kind === 'list' ? flatten(row.items.flatMap((item) => item.rows)) : []),
    ]);
  return flatten(form.sections.flatMap((section) => section.rows));
}

function row<K extends FormRow['kind']>(
  form: StatementForm,
  name: string,
  kind: K,
): Extract<FormRow, { kind: K }> {
  const found = allRows(form).find((candidate) => candidate.name === name);
  if (found?.kind !== kind) throw new Error(`no ${kind} row ${name}`);
  return found as Extract<FormRow, { kind: K }>;
}

describe('buildStatementForm', () => {
  const statement = buildAccountStatement({
    filedBy: 'operator',
    sellerOwes: { ...buildAccountStatement().sellerOwes, budgetProvisionsDue: confirmed(123456, 7) },
    building: {
      ...buildAccountStatement().building,
      energyAudit: notCommunicated(3),
      lift: notCommunicated(),
    },
    syndicateOwes: { ...buildAccountStatement().syndicateOwes, advances: confirmed(0, 99) },
  });
  const form = buildStatementForm({ statement, documents: DOCUMENTS });

  it("follows the état daté's structure", () => {
    expect(form.sections.map((section) => section.title)).toEqual([
      'Identification de la copropriété',
      'Immeuble',
      'Syndic',
      'Assemblées générales',
      'Lots',
      "Partie 1 de l'état daté : sommes dues par le vendeur au syndicat",
      "Partie 2 de l'état daté : sommes dues au vendeur par le syndicat",
      "Partie 3 de l'état daté : sommes qui incomberont à l'acquéreur",
      'Charges des deux derniers exercices',
      "Appels de fonds de l'exercice",
      'Syndicat',
      'Fonds de travaux',
      'Travaux votés',
      'Emprunts',
      'Procédures',
    ]);
    expect(form.sections[5].rows.map((candidate) => candidate.name)).toEqual([
      'sellerBalance.value',
      'sellerOwes.budgetProvisionsDue.value',
      'sellerOwes.horsBudgetProvisionsDue.value',
      'sellerOwes.unpaidPreviousYears.value',
      'sellerOwes.article33Instalments.value',
      'sellerOwes.advancesDue.value',
      'sellerOwes.otherSumsDue.value',
    ]);
    expect(form.errors).toEqual([]);
  });

  it('shows a value with its label, its input, its source and no logic left to the template', () => {
    expect(row(form, 'sellerOwes.budgetProvisionsDue.value', 'field')).toEqual({
      kind: 'field',
      name: 'sellerOwes.budgetProvisionsDue.value',
      label: 'Provisions exigibles du budget prévisionnel',
      input: { type: 'money', signed: false, required: false, placeholder: 'non communiqué', options: [] },
      value: '1 234,56',
      sourceName: 'sellerOwes.budgetProvisionsDue.source',
      source: '7',
      sourceOptions: [
        { value: '', label: '—', selected: false },
        { value: '3', label: 'Relevé de compte du 20/03/2025', selected: false },
        { value: '7', label: 'Fiche synthétique 2025', selected: true },
      ],
      statusName: '',
      communicated: true,
      statusOptions: [],
      errors: [],
    } satisfies FormFieldRow);
    expect(row(form, 'sellerBalance.value', 'field')).toMatchObject({
      hint: 'Positif quand le vendeur doit au syndicat, négatif quand le compte est en sa faveur',
      input: { type: 'money', signed: true },
    });
  });

  it('shows "non communiqué" as a blank value, and 0 as 0', () => {
    expect(row(form, 'building.energyAudit.value', 'field')).toMatchObject({ value: '', source: '3' });
    expect(row(form, 'syndicateOwes.advances.value', 'field')).toMatchObject({ value: '0,00', source: '99' });
    expect(row(form, 'syndicateOwes.advances.value', 'field').sourceOptions.at(-1)).toEqual({
      value: '99',
      label: 'Document n° 99',
      selected: true,
    });
    expect(row(form, 'building.lift.value', 'field').input.options).toEqual([
      { value: '', label: 'non communiqué', selected: true },
      { value: 'true', label: 'oui', selected: false },
      { value: 'false', label: 'non', selected: false },
    ]);
    expect(row(form, 'lots.1.nature.value', 'field').input.options).toEqual([
      { value: '', label: 'non communiqué', selected: false },
      { value: 'principal', label: 'Principal (logement, commerce…)', selected: false },
      { value: 'annexe', label: 'Annexe (cave, parking…)', selected: true },
    ]);
  });

  it('groups the values known together, with one source', () => {
    const worksPlan = row(form, 'building.worksPlan', 'group');
    expect(worksPlan.label).toBe('Plan pluriannuel de travaux');
    expect(worksPlan.sourceName).toBe('building.worksPlan.source');
    expect(
      worksPlan.rows.map((candidate) => [candidate.name, candidate.kind === 'field' && candidate.value]),
    ).toEqual([
      ['building.worksPlan.value.state', 'adopted'],
      ['building.worksPlan.value.date', '2024-06-12'],
    ]);
  });

  it('ends every list with 2 blank lines, and says whether a list was communicated', () => {
    const lists = allRows(form).filter((candidate): candidate is FormListRow => candidate.kind === 'list');
    expect(lists.map((list) => list.name)).toEqual([
      'rulesAmendments',
      'generalMeetings.held',
      'lots',
      'lots.0.owners',
      'lots.1.owners',
      'lots.2.owners',
      'lots.3.owners',
      'chargesHistory',
      'callsForFunds',
      'votedWorks',
      'loans',
      'procedures',
    ]);
    for (const list of lists) {
      const blank = list.items
        .slice(-2)
        .flatMap((item) => allRows({ sections: [{ key: '', title: '', rows: item.rows }], errors: [] }));
      expect(blank.filter((candidate) => candidate.kind === 'field' && candidate.value !== '')).toEqual([]);
    }
    const calls = row(form, 'callsForFunds', 'list');
    expect(calls.items.map((item) => [item.index, item.label])).toEqual([
      [0, 'Ligne 1'],
      [1, 'Ligne 2'],
      [2, 'Ligne 3'],
      [3, 'Ligne 4'],
      [4, 'Ligne 5'],
      [5, 'Ligne 6'],
    ]);
    expect(calls).toMatchObject({
      statusName: 'callsForFunds.status',
      communicated: true,
      sourceName: 'callsForFunds.source',
    });
    expect(calls.items[0].rows.map((candidate) => candidate.name)).toEqual([
      'callsForFunds.value.0.dueDate',
      'callsForFunds.value.0.budget.value',
      'callsForFunds.value.0.horsBudget.value',
    ]);
    expect(row(form, 'lots', 'list')).toMatchObject({ statusName: '', sourceName: '', max: 1000 });
  });

  it('offers the documents the syndic declares not existing as a multi-select with a status', () => {
    const documents = buildStatementForm({
      statement: { ...statement, documentsNotExisting: confirmed(['dta']) },
      documents: [],
    });
    const multi = row(documents, 'documentsNotExisting.value', 'field');
    expect(multi).toMatchObject({
      label: 'Documents que le syndic déclare inexistants',
      statusName: 'documentsNotExisting.status',
      communicated: true,
      input: { type: 'multi-select' },
    });
    expect(multi.input.options.filter((option) => option.selected)).toEqual([
      { value: 'dta', label: 'Dossier technique amiante', selected: true },
    ]);
  });

  it('makes only the plain values outside lists required inputs, with names safe in HTML', () => {
    const rows = allRows(form);
    expect(
      rows.filter((candidate) => candidate.kind === 'field' && candidate.input.required).map((r) => r.name),
    ).toEqual(['statementDate']);
    const names = rows.flatMap((candidate) => [
      candidate.name,
      candidate.sourceName,
      candidate.kind === 'group' ? '' : candidate.statusName,
    ]);
    expect(names.filter((name) => name !== '' && !/^[A-Za-z0-9.]+$/.test(name))).toEqual([]);
    expect(new Set(names.filter((name) => name !== '')).size).toBe(
      names.filter((name) => name !== '').length,
    );
  });

  it('shows a blank form with every value not communicated', () => {
    const blank = buildStatementForm({ statement: null, documents: DOCUMENTS });
    const rows = allRows(blank);
    expect(rows.filter((candidate) => candidate.kind === 'field' && candidate.value !== '')).toEqual([]);
    expect(
      rows.filter(
        (candidate) => candidate.kind !== 'group' && candidate.statusName !== '' && candidate.communicated,
      ),
    ).toEqual([]);
    expect(row(blank, 'lots', 'list').items.map((item) => item.index)).toEqual([0, 1]);
  });
});
