import { STATEMENT_FORM_LABELS } from '@libs/platform/messages.fr';
import {
  STATEMENT_FORM_ROOT,
  STATEMENT_FORM_SECTIONS,
  optionLabels,
  statementFormPaths,
} from './statement-form.labels';

describe('the statement form labels', () => {
  const { labels, choices } = statementFormPaths();

  it('label every field of the schema', () => {
    expect(labels).toEqual(expect.arrayContaining(['sellerOwes.budgetProvisionsDue', 'lots[].shares']));
    expect(labels.filter((path) => STATEMENT_FORM_LABELS.fields[path] === undefined)).toEqual([]);
    expect(STATEMENT_FORM_LABELS.fields['sellerOwes.budgetProvisionsDue']).toBe(
      'Provisions exigibles du budget prévisionnel',
    );
    expect(STATEMENT_FORM_LABELS.fields['lots[].shares']).toBe('Tantièmes généraux');
  });

  it('label no path the schema does not have', () => {
    expect(Object.keys(STATEMENT_FORM_LABELS.fields).filter((path) => !labels.includes(path))).toEqual([]);
    expect(Object.keys(STATEMENT_FORM_LABELS.hints).filter((path) => !labels.includes(path))).toEqual([]);
  });

  it('name every value of every choice', () => {
    expect(choices.map((choice) => choice.labelPath)).toEqual([
      'building.energyPerformance.energyClass',
      'building.worksPlan.state',
      'documentsNotExisting[]',
      'lots[].nature',
    ]);
    for (const { labelPath, values } of choices) {
      const named = optionLabels(labelPath, { kind: 'one-of', values });
      expect(values.filter((value) => named[value] === undefined)).toEqual([]);
    }
    expect(optionLabels('documentsNotExisting[]', { kind: 'one-of', values: [] }).dta).toBe(
      'Dossier technique amiante',
    );
  });

  it('show every part of the statement in exactly one section', () => {
    const members = STATEMENT_FORM_SECTIONS.flatMap((section) => section.members);
    const keys = STATEMENT_FORM_ROOT.kind === 'object' ? STATEMENT_FORM_ROOT.keys.map(({ key }) => key) : [];
    expect([...members].sort()).toEqual([...keys].sort());
  });
});
