import { STATEMENT_FORM_MESSAGES as FM } from '@libs/platform/messages.fr';
import { STATEMENT_FORM_ROOT, fieldLabel } from './statement-form.labels';
import { type FormDescriptor, type StatementIssue } from './statement-schema';

/**
 * Input names are the model's JSON paths with list indices as segments: `statementDate`,
 * `sellerOwes.budgetProvisionsDue.value` and `.source`, `chargesHistory.status`,
 * `chargesHistory.value.0.fiscalYear.start`, `lots.1.owners.0.lastname`. Letters, digits and dots
 * only: safe in HTML attributes, and kept as they are by the urlencoded parsers (Nest's default, `qs`,
 * would turn brackets into nested objects). A validator's path becomes a name by `inputNameOf`.
 */
export function inputNameOf(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1');
}

const INDEX = /^(0|[1-9]\d*)$/;

/** A list index as a name segment writes it; anything else is not an index. */
export function indexOf(segment: string): number | null {
  return INDEX.test(segment) ? Number(segment) : null;
}

export interface InputPlace {
  /** The row the input belongs to (the status-carrying field, the list, the value): where messages go. */
  row: string;
  labelPath: string;
  /** The lists the input is in, outermost first, with its line in each (from 1). */
  lines: { list: string; line: number }[];
  /** Whether the name is exactly one of the form's inputs (not a group's, nor an unknown name). */
  input: boolean;
}

/** Where a name (or a validator's path) lands in the form; `row` is '' outside any row. */
export function locateInput(nameOrPath: string): InputPlace {
  let form: FormDescriptor = STATEMENT_FORM_ROOT;
  const place: InputPlace = { row: '', labelPath: '', lines: [], input: false };
  const consumed: string[] = [];
  const segments = inputNameOf(nameOrPath).split('.');
  for (const segment of segments) {
    if (form.kind === 'nullable') form = form.inner;
    if (form.kind === 'object') {
      const child = form.keys.find((entry) => entry.key === segment)?.form;
      if (!child) break;
      // The statement's top-level groups are sections, not rows.
      const isRow = !(form === STATEMENT_FORM_ROOT && child.kind === 'object');
      form = child;
      consumed.push(segment);
      place.labelPath = place.labelPath === '' ? segment : `${place.labelPath}.${segment}`;
      if (isRow) place.row = consumed.join('.');
    } else if (form.kind === 'field' && segment === 'value') {
      form = form.inner;
      consumed.push(segment);
    } else if (form.kind === 'list' && indexOf(segment) !== null) {
      place.lines.push({ list: place.labelPath, line: Number(segment) + 1 });
      form = form.item;
      consumed.push(segment);
      place.labelPath = `${place.labelPath}[]`;
      // An item of a list of objects is not a row: its fields are.
      if (form.kind !== 'object') place.row = consumed.join('.');
    } else break;
  }
  const rest = segments.slice(consumed.length);
  place.input = rest.length === 0 ? isInput(form) : rest.length === 1 && isChoiceOf(form, rest[0]);
  return place;
}

/** A value typed or chosen: a leaf, or a list of choices (a multi-select). */
function isInput(form: FormDescriptor): boolean {
  if (form.kind === 'nullable') return isInput(form.inner);
  if (form.kind === 'list') return form.item.kind === 'one-of';
  return form.kind !== 'object' && form.kind !== 'field';
}

/** The source select of a status-carrying value, and the status choice of a list. */
function isChoiceOf(form: FormDescriptor, segment: string): boolean {
  if (form.kind !== 'field') return false;
  return segment === 'source' || (segment === 'status' && form.inner.kind === 'list');
}

/** The field in a French message: its label, and its lines, e.g. « Tantièmes généraux » (Lots, ligne 2). */
export function describeInput(name: string): string {
  const place = locateInput(name);
  return FM.field(
    fieldLabel(place.labelPath),
    place.lines.map(({ list, line }) => FM.line(fieldLabel(list), line)),
  );
}

/**
 * A validator's issue as the form shows it: on its input's name, naming the field by its label
 * instead of its path (the catalogue's texts all quote the path as `'path'`).
 */
export function formIssueOf(issue: StatementIssue): StatementIssue {
  if (issue.field === '') return issue;
  const name = inputNameOf(issue.field);
  return { field: name, message: issue.message.replace(`'${issue.field}'`, describeInput(name)) };
}
