import { STATEMENT_FORM_LABELS as L } from '@libs/platform/messages.fr';
import { type AccountStatement } from './account-statement';
import {
  STATEMENT_FORM_ROOT,
  STATEMENT_FORM_SECTIONS,
  fieldHint,
  fieldLabel,
  optionLabels,
  sectionTitle,
} from './statement-form.labels';
import { locateInput } from './statement-form.inputs';
import { type FormValues, FormValuesIndex, statementFormValues } from './statement-form.values';
import { type FormDescriptor, type LeafDescriptor, type StatementIssue, isLeaf } from './statement-schema';

/**
 * The account statement as the operator console's form shows it: plain data derived from the
 * statement's schema, which a template loops over (sections → rows; a row is a field, a group or a
 * list), with every value as its input shows it and every message beside its input.
 *
 * How "non communiqué" is entered:
 * - a value known by its status (`F<…>`) left blank reads as not communicated (0 stays 0); its input
 *   says so as a placeholder, and its select's first option is "non communiqué"; a group of values
 *   (the current fiscal year, the DPE, the works plan) is not communicated when all of it is blank;
 * - a list known by its status (charges history, calls for funds, voted works, loans, procedures,
 *   rules amendments, general meetings held, documents not existing) has its own choice
 *   "communiqué" / "non communiqué" (`statusName`): communicated with no line is "none";
 * - every such value offers a source select (`sourceName`): the order's documents, "—" for none.
 * A list always ends with 2 blank lines, so an operator adds lines without JavaScript; blank lines are
 * ignored on reading, and blanking a line removes it. For that reason `input.required` (the HTML
 * attribute) is only set outside lists: inside a used line, the reader reports a missing value.
 * Names are described in `statement-form.inputs.ts`; the reader is `statement-form.reader.ts`.
 */
export interface FormOption {
  value: string;
  label: string;
  selected: boolean;
}

export interface FormInput {
  type: 'text' | 'money' | 'integer' | 'year' | 'date' | 'select' | 'multi-select';
  required: boolean;
  placeholder: string;
  /** Choices of a select or multi-select; empty otherwise. */
  options: FormOption[];
  /** Money: whether a negative amount is accepted. */
  signed?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
}

/** The document a value was read from: `sourceName` is '' for values without a source. */
interface SourceChoice {
  sourceName: string;
  source: string;
  sourceOptions: FormOption[];
}

/** Whether a list (or multi-select) was communicated: `statusName` is '' when it has no status. */
interface StatusChoice {
  statusName: string;
  communicated: boolean;
  statusOptions: FormOption[];
}

export interface FormFieldRow extends SourceChoice, StatusChoice {
  kind: 'field';
  name: string;
  label: string;
  hint?: string;
  input: FormInput;
  /** As displayed: money `1 234,56`, dates `AAAA-MM-JJ`, or what the operator typed. */
  value: string;
  errors: string[];
}

export interface FormGroupRow extends SourceChoice {
  kind: 'group';
  name: string;
  label: string;
  hint?: string;
  rows: FormRow[];
  errors: string[];
}

export interface FormListRow extends SourceChoice, StatusChoice {
  kind: 'list';
  name: string;
  label: string;
  hint?: string;
  max: number;
  items: { index: number; label: string; rows: FormRow[] }[];
  errors: string[];
}

export type FormRow = FormFieldRow | FormGroupRow | FormListRow;

export interface StatementForm {
  sections: { key: string; title: string; rows: FormRow[] }[];
  /** Messages that belong to no input. */
  errors: string[];
}

export interface StatementFormInput {
  statement: AccountStatement | null;
  /** The order's stored documents, offered as sources. */
  documents: readonly { id: number; label: string }[];
  /** After a refused submission: what the operator typed (`readStatementForm`'s `posted`). */
  posted?: FormValues;
  /** Messages to show, each on the input its `field` names (an input name or a validator's path). */
  issues?: readonly StatementIssue[];
}

const BLANK_LINES = 2;

interface Context {
  /** Inside a status-carrying value: a blank input means "non communiqué". */
  inField: boolean;
  inList: boolean;
}

export function buildStatementForm(input: StatementFormInput): StatementForm {
  return new FormBuilder(input).build();
}

class FormBuilder {
  private readonly values: FormValuesIndex;
  private readonly errors = new Map<string, string[]>();
  private readonly shown = new Set<string>();

  constructor(private readonly input: StatementFormInput) {
    this.values = new FormValuesIndex(input.posted ?? statementFormValues(input.statement));
    for (const issue of input.issues ?? []) {
      const row = locateInput(issue.field).row;
      this.errors.set(row, [...(this.errors.get(row) ?? []), issue.message]);
    }
  }

  build(): StatementForm {
    const top = new Map(
      STATEMENT_FORM_ROOT.kind === 'object'
        ? STATEMENT_FORM_ROOT.keys.map(({ key, form }) => [key, form])
        : [],
    );
    const outside: Context = { inField: false, inList: false };
    const sections = STATEMENT_FORM_SECTIONS.map(({ key, members }) => ({
      key,
      title: sectionTitle(key),
      rows: members.flatMap((member) => {
        const form = top.get(member) as FormDescriptor;
        return form.kind === 'object'
          ? this.rowsOf(form, member, member, outside)
          : [this.rowOf(form, member, member, outside)];
      }),
    }));
    const errors = [...this.errors].flatMap(([row, messages]) => (this.shown.has(row) ? [] : messages));
    return { sections, errors };
  }

  private rowsOf(form: FormDescriptor, name: string, labelPath: string, context: Context): FormRow[] {
    if (form.kind !== 'object') return [this.rowOf(form, name, labelPath, context)];
    return form.keys.map(({ key, form: child }) =>
      this.rowOf(child, `${name}.${key}`, `${labelPath}.${key}`, context),
    );
  }

  /** The row of the value named `name` (for a status-carrying value, its path without `.value`). */
  private rowOf(form: FormDescriptor, name: string, labelPath: string, context: Context): FormRow {
    const common = { name, label: fieldLabel(labelPath), ...hintOf(labelPath), errors: this.errorsOf(name) };
    switch (form.kind) {
      case 'field': {
        const inner = form.inner;
        const value = `${name}.value`;
        const source = this.sourceChoice(`${name}.source`);
        const inside: Context = { inField: true, inList: context.inList };
        if (inner.kind === 'object') {
          return { kind: 'group', ...common, ...source, rows: this.rowsOf(inner, value, labelPath, inside) };
        }
        if (inner.kind === 'list' && inner.item.kind === 'one-of') {
          const row = this.fieldRow(inner.item, value, `${labelPath}[]`, inside, true);
          return { ...row, ...common, name: value, ...source, ...this.statusChoice(`${name}.status`) };
        }
        if (inner.kind === 'list') {
          return {
            ...this.listRow(inner, value, labelPath, common),
            ...source,
            ...this.statusChoice(`${name}.status`),
          };
        }
        return {
          ...this.fieldRow(leafOf(inner), value, labelPath, inside),
          ...common,
          name: value,
          ...source,
        };
      }
      case 'object':
        return { kind: 'group', ...common, ...NO_SOURCE, rows: this.rowsOf(form, name, labelPath, context) };
      case 'list':
        return { ...this.listRow(form, name, labelPath, common), ...NO_SOURCE, ...NO_STATUS };
      case 'nullable': {
        const row = this.fieldRow(leafOf(form.inner), name, labelPath, context);
        return { ...row, ...common, input: { ...row.input, required: false } };
      }
      default:
        return { ...this.fieldRow(form, name, labelPath, context), ...common };
    }
  }

  private fieldRow(
    leaf: LeafDescriptor,
    name: string,
    labelPath: string,
    context: Context,
    multiple = false,
  ): FormFieldRow {
    const required = !context.inField && !context.inList && !(leaf.kind === 'text' && leaf.allowEmpty);
    const placeholder = context.inField ? L.notCommunicated : '';
    return {
      kind: 'field',
      name,
      label: fieldLabel(labelPath),
      input: {
        ...inputOf(leaf, multiple),
        required,
        placeholder,
        options: this.options(leaf, name, labelPath, context, multiple),
      },
      value: multiple ? '' : this.values.get(name),
      ...NO_SOURCE,
      ...NO_STATUS,
      errors: [],
    };
  }

  private options(
    leaf: LeafDescriptor,
    name: string,
    labelPath: string,
    context: Context,
    multiple: boolean,
  ): FormOption[] {
    if (leaf.kind !== 'one-of' && leaf.kind !== 'boolean') return [];
    const labels = optionLabels(labelPath, leaf);
    const values = leaf.kind === 'one-of' ? leaf.values : ['true', 'false'];
    const selected = new Set(multiple ? this.values.getAll(name) : [this.values.get(name)]);
    const choices = values.map((value) => ({
      value,
      label: labels[value] ?? value,
      selected: selected.has(value),
    }));
    if (multiple) return choices;
    const blank = {
      value: '',
      label: context.inField ? L.notCommunicated : L.none,
      selected: !choices.some((c) => c.selected),
    };
    return [blank, ...choices];
  }

  private listRow(
    form: Extract<FormDescriptor, { kind: 'list' }>,
    name: string,
    labelPath: string,
    common: { name: string; label: string; hint?: string; errors: string[] },
  ): Omit<FormListRow, keyof SourceChoice | keyof StatusChoice> {
    const filled = this.values.indices(name).filter((index) => index < form.max);
    const next = filled.length === 0 ? 0 : filled[filled.length - 1] + 1;
    const blank = Array.from({ length: BLANK_LINES }, (_, offset) => next + offset).filter(
      (index) => index < form.max,
    );
    const inList: Context = { inField: false, inList: true };
    return {
      kind: 'list',
      ...common,
      max: form.max,
      items: [...filled, ...blank].map((index, position) => ({
        index,
        label: L.line(position + 1),
        rows: this.rowsOf(form.item, `${name}.${index}`, `${labelPath}[]`, inList),
      })),
    };
  }

  private sourceChoice(name: string): SourceChoice {
    const source = this.values.get(name);
    const documents = this.input.documents.map(({ id, label }) => ({ value: String(id), label }));
    if (source !== '' && !documents.some((document) => document.value === source)) {
      documents.push({ value: source, label: L.unknownDocument(source) });
    }
    return {
      sourceName: name,
      source,
      sourceOptions: [{ value: '', label: L.none }, ...documents].map((option) => ({
        ...option,
        selected: option.value === source,
      })),
    };
  }

  private statusChoice(name: string): StatusChoice {
    const communicated = this.values.get(name) === 'confirmed';
    return {
      statusName: name,
      communicated,
      statusOptions: [
        { value: 'confirmed', label: L.communicated, selected: communicated },
        { value: 'not_communicated', label: L.notCommunicated, selected: !communicated },
      ],
    };
  }

  /** The messages of a row, which is then known to be shown. */
  private errorsOf(row: string): string[] {
    this.shown.add(row);
    return this.errors.get(row) ?? [];
  }
}

const NO_SOURCE: SourceChoice = { sourceName: '', source: '', sourceOptions: [] };
const NO_STATUS: StatusChoice = { statusName: '', communicated: true, statusOptions: [] };

/** The schema wraps a single value there; anything else is a shape this form does not know yet. */
function leafOf(form: FormDescriptor): LeafDescriptor {
  if (!isLeaf(form)) throw new Error(`The statement form has no input for a ${form.kind} there`);
  return form;
}

function hintOf(labelPath: string): { hint?: string } {
  const hint = fieldHint(labelPath);
  return hint === undefined ? {} : { hint };
}

function inputOf(
  leaf: LeafDescriptor,
  multiple: boolean,
): Omit<FormInput, 'required' | 'placeholder' | 'options'> {
  switch (leaf.kind) {
    case 'text':
      return { type: 'text', maxLength: leaf.maxLength };
    case 'integer':
    case 'year':
      return { type: leaf.kind, min: leaf.min, max: leaf.max };
    case 'cents':
      return { type: 'money', signed: leaf.signed };
    case 'date':
      return { type: 'date' };
    case 'boolean':
    case 'one-of':
      return { type: multiple ? 'multi-select' : 'select' };
  }
}
