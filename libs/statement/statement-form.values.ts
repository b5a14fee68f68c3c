import { type AccountStatement } from './account-statement';
import { STATEMENT_FORM_ROOT } from './statement-form.labels';
import { indexOf } from './statement-form.inputs';
import { type FormDescriptor, type LeafDescriptor, isCalendarDate } from './statement-schema';

/**
 * The values of the statement form by input name, as a urlencoded body parser gives them (Express's
 * `urlencoded`, extended or not): a string, or the strings of a name posted several times (the
 * multi-select). Anything else a parser could produce is ignored.
 */
export type FormValues = Readonly<Record<string, string | readonly string[]>>;
export type FormBody = Readonly<Record<string, unknown>>;

/** Looks the values up, and which names have something under them (blank values do not count). */
export class FormValuesIndex {
  private readonly filled = new Set<string>();
  private readonly children = new Map<string, Set<string>>();

  constructor(private readonly values: FormBody) {
    for (const name of Object.keys(values)) {
      if (this.getAll(name).every((value) => value.trim() === '')) continue;
      const segments = name.split('.');
      for (let depth = 1; depth <= segments.length; depth += 1) {
        const prefix = segments.slice(0, depth - 1).join('.');
        if (!this.children.has(prefix)) this.children.set(prefix, new Set());
        this.children.get(prefix)?.add(segments[depth - 1]);
        this.filled.add(segments.slice(0, depth).join('.'));
      }
    }
  }

  /** The value of a single input, '' when absent (the first, when the name was posted twice). */
  get(name: string): string {
    return this.getAll(name)[0] ?? '';
  }

  getAll(name: string): string[] {
    const value = Object.prototype.hasOwnProperty.call(this.values, name) ? this.values[name] : undefined;
    const all = Array.isArray(value) ? (value as unknown[]) : [value];
    return all.filter((entry): entry is string => typeof entry === 'string');
  }

  /** Whether the input, or any input under it, holds a non-blank value. */
  isFilled(name: string): boolean {
    return this.filled.has(name);
  }

  /** The indices of the non-blank items of the list named `name`, in increasing order. */
  indices(name: string): number[] {
    return [...(this.children.get(name) ?? [])]
      .map(indexOf)
      .filter((index): index is number => index !== null)
      .sort((a, b) => a - b);
  }
}

/**
 * Amounts as an operator types them: `1 234,56`, `1234,56`, `1234.56`, `1 234 €`, `-12,50`; thousands
 * grouped by spaces (any kind) in threes, at most two decimals after a comma or a point. Converted to
 * cents on the digits, so no floating-point rounding.
 */
const MONEY = /^([-−])?(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d{1,2}))?$/;
const DATE_FR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const INTEGER = /^(-)?(\d{1,3}(?: \d{3})+|\d+)$/;

export function parseMoney(text: string): number | null {
  const match = MONEY.exec(
    text
      .replace(/[\s\u00a0\u202f]+/g, ' ')
      .replace(/ ?€$/, '')
      .trim(),
  );
  if (!match) return null;
  const digits = `${match[2].replace(/ /g, '')}${(match[3] ?? '').padEnd(2, '0')}`;
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] && cents !== 0 ? -cents : cents;
}

/** `123456` → `1 234,56`: what the money input shows, read back by `parseMoney`. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${euros},${(absolute % 100).toString().padStart(2, '0')}`;
}

/** `JJ/MM/AAAA` or `AAAA-MM-JJ` → `AAAA-MM-JJ`, null when it is not a day of the calendar. */
export function parseFormDate(text: string): string | null {
  const french = DATE_FR.exec(text);
  const iso = french ? `${french[3]}-${french[2].padStart(2, '0')}-${french[1].padStart(2, '0')}` : text;
  return isCalendarDate(iso) ? iso : null;
}

export type LeafProblem = 'money' | 'negative' | 'date' | 'integer' | 'choice';

/** A non-blank typed value read for its schema leaf, or what is wrong with it. */
export function parseLeaf(
  form: LeafDescriptor,
  text: string,
): { value: unknown; problem?: never } | { problem: LeafProblem } {
  switch (form.kind) {
    case 'text':
      return { value: text };
    case 'integer':
    case 'year': {
      const match = INTEGER.exec(text.replace(/[\u00a0\u202f]/g, ' '));
      const value = match ? Number(`${match[1] ?? ''}${match[2].replace(/ /g, '')}`) : NaN;
      return Number.isSafeInteger(value) ? { value } : { problem: 'integer' };
    }
    case 'cents': {
      const value = parseMoney(text);
      if (value === null) return { problem: 'money' };
      return value < 0 && !form.signed ? { problem: 'negative' } : { value };
    }
    case 'date': {
      const value = parseFormDate(text);
      return value === null ? { problem: 'date' } : { value };
    }
    case 'boolean':
      return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: 'choice' };
    case 'one-of':
      return form.values.includes(text) ? { value: text } : { problem: 'choice' };
  }
}

/** A model value as its input shows it: money in French, dates `AAAA-MM-JJ` (what `<input type=date>` takes). */
export function formatLeaf(form: LeafDescriptor, value: unknown): string {
  if (form.kind === 'cents') return formatMoney(value as number);
  return String(value);
}

/** The values a form filled with this statement posts (blank inputs left out): what the page shows. */
export function statementFormValues(statement: AccountStatement | null): FormValues {
  const values: Record<string, string | string[]> = {};
  const visit = (form: FormDescriptor, value: unknown, name: string): void => {
    if (value === null || value === undefined) return;
    switch (form.kind) {
      case 'object':
        for (const { key, form: child } of form.keys) {
          visit(child, (value as Record<string, unknown>)[key], name === '' ? key : `${name}.${key}`);
        }
        return;
      case 'list':
        if (form.item.kind === 'one-of') values[name] = (value as string[]).slice();
        else (value as unknown[]).forEach((item, index) => visit(form.item, item, `${name}.${index}`));
        return;
      case 'field': {
        const field = value as { status: string; value: unknown; source: number | null };
        if (field.source !== null) values[`${name}.source`] = String(field.source);
        if (form.inner.kind === 'list') values[`${name}.status`] = field.status;
        visit(form.inner, field.value, `${name}.value`);
        return;
      }
      case 'nullable':
        visit(form.inner, value, name);
        return;
      default:
        values[name] = formatLeaf(form, value);
    }
  };
  visit(STATEMENT_FORM_ROOT, statement, '');
  return values;
}
