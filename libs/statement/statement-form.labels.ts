import { STATEMENT_FORM_LABELS as L } from '@libs/platform/messages.fr';
import { KIND_LABELS } from '@libs/orders/document-labels';
import { STATEMENT_CONTENT_SCHEMA, type StatementContent } from './account-statement.schema';
import { type FormDescriptor } from './statement-schema';

/**
 * How the form names what the schema describes. A field is labelled by its label path: its path in
 * the statement, a status-carrying field by its own path (no `.value`), list items by `[]`
 * (`lots[].shares`). The texts are in the catalogue (`STATEMENT_FORM_LABELS`).
 */
export const STATEMENT_FORM_ROOT = STATEMENT_CONTENT_SCHEMA.form;

export type StatementFormSectionKey = keyof typeof L.sections;

/** The état daté's parts, in its order, each with the statement's keys it shows. */
export const STATEMENT_FORM_SECTIONS: readonly {
  key: StatementFormSectionKey;
  members: readonly (keyof StatementContent)[];
}[] = [
  { key: 'identification', members: ['statementDate', 'coOwnership', 'rulesAmendments'] },
  { key: 'building', members: ['building', 'documentsNotExisting'] },
  { key: 'syndic', members: ['syndic'] },
  { key: 'generalMeetings', members: ['generalMeetings'] },
  { key: 'lots', members: ['lots'] },
  { key: 'sellerOwes', members: ['sellerBalance', 'sellerOwes'] },
  { key: 'syndicateOwes', members: ['syndicateOwes'] },
  { key: 'buyerWillBear', members: ['buyerWillBear'] },
  { key: 'chargesHistory', members: ['chargesHistory'] },
  { key: 'callsForFunds', members: ['callsForFunds'] },
  { key: 'syndicate', members: ['syndicate'] },
  { key: 'worksFund', members: ['worksFund'] },
  { key: 'votedWorks', members: ['votedWorks'] },
  { key: 'loans', members: ['loans'] },
  { key: 'procedures', members: ['procedures'] },
];

export function sectionTitle(key: StatementFormSectionKey): string {
  return L.sections[key];
}

/** The field's label; its label path if the catalogue lacks it (the labels spec forbids that). */
export function fieldLabel(labelPath: string): string {
  return L.fields[labelPath] ?? labelPath;
}

export function fieldHint(labelPath: string): string | undefined {
  return L.hints[labelPath];
}

const DOCUMENT_KIND_OPTIONS: Readonly<Record<string, string>> = KIND_LABELS;
const BOOLEAN_OPTIONS: Readonly<Record<string, string>> = { true: L.yes, false: L.no };

/** The label of each value of a choice; a value the catalogue lacks is shown as itself. */
export function optionLabels(labelPath: string, form: FormDescriptor): Readonly<Record<string, string>> {
  if (form.kind === 'boolean') return BOOLEAN_OPTIONS;
  if (labelPath === 'documentsNotExisting[]') return DOCUMENT_KIND_OPTIONS;
  return L.options[labelPath] ?? {};
}

/** Every label path the form shows, and every choice with its values: what the catalogue must name. */
export function statementFormPaths(): {
  labels: string[];
  choices: { labelPath: string; values: readonly string[] }[];
} {
  const labels: string[] = [];
  const choices: { labelPath: string; values: readonly string[] }[] = [];
  const visit = (form: FormDescriptor, labelPath: string, labelled: boolean): void => {
    if (labelled) labels.push(labelPath);
    switch (form.kind) {
      case 'object':
        for (const { key, form: child } of form.keys) {
          // The statement's top-level groups are sections: their title stands for a label.
          const section = form === STATEMENT_FORM_ROOT && child.kind === 'object';
          visit(child, labelPath === '' ? key : `${labelPath}.${key}`, !section);
        }
        return;
      case 'list':
        // A list of objects is labelled by its items' fields, a list of choices is one multi-select.
        visit(form.item, `${labelPath}[]`, form.item.kind !== 'object' && form.item.kind !== 'one-of');
        return;
      case 'field':
      case 'nullable':
        visit(form.inner, labelPath, false);
        return;
      case 'one-of':
        choices.push({ labelPath, values: form.values });
        return;
      default:
        return;
    }
  };
  visit(STATEMENT_FORM_ROOT, '', false);
  return { labels, choices };
}
