import { STATEMENT_FORM_MESSAGES as FM } from '@libs/platform/messages.fr';
import { type AccountStatement, STATEMENT_MODEL_VERSION } from './account-statement';
import { STATEMENT_FORM_ROOT } from './statement-form.labels';
import { describeInput, formIssueOf, locateInput } from './statement-form.inputs';
import {
  type FormBody,
  type FormValues,
  FormValuesIndex,
  type LeafProblem,
  parseLeaf,
} from './statement-form.values';
import { type FormDescriptor, type StatementIssue } from './statement-schema';
import { validateFiledStatement } from './statement-filing.rules';

/**
 * Reads the statement form as a urlencoded body parser gives it (a record of string, or string[] for
 * a name posted several times; see `statement-form.values.ts`) into the model's JSON, filed by an
 * operator, for `validateFiledStatement`. Blank list lines are left out and the lines renumbered, so the
 * JSON's paths, the issues' names and `posted` agree. Unknown names are ignored. A value that does
 * not read is reported (naming the field by its label) and kept as typed in the JSON, which the
 * validator then refuses too: the JSON of a form with issues is never a valid statement, save for
 * lines beyond a list's maximum, which are left out (hence `checkStatementForm`).
 */
export interface StatementFormReading {
  json: Record<string, unknown>;
  /** The form's own problems, each on its input's name (`field`). */
  issues: StatementIssue[];
  /** What the operator typed, as `json` is numbered: to show the form again after a refusal. */
  posted: FormValues;
}

export function readStatementForm(body: FormBody): StatementFormReading {
  const inputs = Object.entries(body).filter(([name]) => locateInput(name).input);
  const reader = new FormReader(new FormValuesIndex(Object.fromEntries(inputs)));
  const content = reader.read(STATEMENT_FORM_ROOT, '', '') as Record<string, unknown>;
  return {
    json: { version: STATEMENT_MODEL_VERSION, filedBy: 'operator', ...content },
    issues: reader.issues,
    posted: reader.posted,
  };
}

export type StatementFormCheck =
  | { valid: true; statement: AccountStatement }
  | { valid: false; issues: StatementIssue[]; posted: FormValues };

/**
 * Reads the form and validates the statement: what the console's controller calls. The validator's
 * issues are put on their inputs and name their labels; on a row the form already reported, only the
 * form's message is kept (the validator would only refuse again the value as typed).
 */
export function checkStatementForm(body: FormBody): StatementFormCheck {
  const reading = readStatementForm(body);
  const validation = validateFiledStatement(reading.json);
  if (validation.valid && reading.issues.length === 0) return validation;
  const reported = new Set(reading.issues.map((issue) => locateInput(issue.field).row));
  const further = validation.valid
    ? []
    : validation.issues.map(formIssueOf).filter((issue) => !reported.has(locateInput(issue.field).row));
  return { valid: false, issues: [...reading.issues, ...further], posted: reading.posted };
}

const SOURCE = /^[1-9]\d{0,14}$/;

const LEAF_MESSAGES: Readonly<Record<LeafProblem, (field: string) => string>> = {
  money: FM.money,
  negative: FM.negative,
  date: FM.date,
  integer: FM.integer,
  choice: FM.choice,
};

/** Reads the input named `from` (as posted) into the value named `to` (as renumbered). */
class FormReader {
  readonly issues: StatementIssue[] = [];
  readonly posted: Record<string, string | string[]> = {};

  constructor(private readonly input: FormValuesIndex) {}

  read(form: FormDescriptor, from: string, to: string): unknown {
    switch (form.kind) {
      case 'object': {
        const result: Record<string, unknown> = {};
        for (const { key, form: child } of form.keys) {
          const value = this.read(child, join(from, key), join(to, key));
          if (value !== undefined) result[key] = value;
        }
        return result;
      }
      case 'list':
        return form.item.kind === 'one-of'
          ? this.choices(form.item.values, from, to)
          : this.lines(form, from, to);
      case 'field':
        return this.field(form.inner, from, to);
      case 'nullable':
        return this.input.isFilled(from) ? this.read(form.inner, from, to) : null;
      default: {
        const text = this.text(from, to);
        if (text === '') {
          if (form.kind === 'text' && form.allowEmpty) return '';
          this.report(to, FM.required);
          return undefined;
        }
        const read = parseLeaf(form, text);
        if (read.problem === undefined) return read.value;
        this.report(to, LEAF_MESSAGES[read.problem]);
        return text;
      }
    }
  }

  /** A status-carrying value: blank is not communicated; a list says its status. */
  private field(inner: FormDescriptor, from: string, to: string): unknown {
    const sourceText = this.text(`${from}.source`, `${to}.source`);
    let source: unknown = sourceText === '' ? null : Number(sourceText);
    if (sourceText !== '' && !SOURCE.test(sourceText)) {
      this.report(`${to}.source`, FM.source);
      source = sourceText;
    }
    if (inner.kind !== 'list') {
      return this.input.isFilled(`${from}.value`)
        ? { status: 'confirmed', value: this.read(inner, `${from}.value`, `${to}.value`), source }
        : { status: 'not_communicated', value: null, source };
    }
    const status = this.text(`${from}.status`, `${to}.status`);
    const items = this.read(inner, `${from}.value`, `${to}.value`) as unknown[];
    if (status === 'confirmed') return { status, value: items, source };
    if (status !== '' && status !== 'not_communicated') {
      this.report(`${to}.status`, FM.listStatus);
      return { status, value: items, source };
    }
    if (items.length === 0) return { status: 'not_communicated', value: null, source };
    this.report(`${to}.status`, FM.linesNotCommunicated);
    return { status: 'not_communicated', value: items, source };
  }

  /** The non-blank lines, renumbered from 0; a line beyond the list's maximum is refused. */
  private lines(form: Extract<FormDescriptor, { kind: 'list' }>, from: string, to: string): unknown[] {
    const indices = this.input.indices(from);
    const kept = indices.filter((index) => index < form.max);
    if (kept.length < indices.length) this.report(to, (field) => FM.listMax(field, form.max));
    return kept.map((index, line) => this.read(form.item, `${from}.${index}`, `${to}.${line}`));
  }

  /** A multi-select: each value chosen once. */
  private choices(values: readonly string[], from: string, to: string): string[] {
    const chosen = [...new Set(this.input.getAll(from).map((value) => value.trim()))].filter((v) => v !== '');
    if (chosen.length > 0) this.posted[to] = chosen;
    if (chosen.some((value) => !values.includes(value))) this.report(to, FM.choice);
    return chosen;
  }

  private text(from: string, to: string): string {
    const text = this.input.get(from).trim();
    if (text !== '') this.posted[to] = text;
    return text;
  }

  private report(name: string, message: (field: string) => string): void {
    this.issues.push({ field: name, message: message(describeInput(name)) });
  }
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
