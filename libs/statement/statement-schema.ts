import { ServiceError } from '@libs/platform/domain-error';
import { STATEMENT_MESSAGES as M } from '@libs/platform/messages.fr';
import { FIELD_STATUSES, type StatementField, confirmed, notCommunicated } from './statement-field';

/**
 * The statement's shape, written once and read two ways:
 * - `readModel`: the model's own JSON (what is stored, what the operator form submits), every field
 *   `{status, value, source}`; each problem is collected as a French message naming the field.
 * - `readWire`: the connector protocol (apps/extranet-sandbox/README.md), plain values where `null`
 *   (or, for fields added after the protocol's first version, an absent key) means "not communicated";
 *   the first problem throws, in English, for the logs.
 * Both copy into fresh objects, so unknown keys never travel further.
 * Each schema also describes itself (`form`), so the operator form is derived from this same shape.
 */
export interface StatementIssue {
  /** Path of the field, e.g. `sellerOwes.budgetProvisionsDue.value`. */
  field: string;
  /** French, names the field. */
  message: string;
}

/** A statement of the connector protocol that does not read: the same answer never reads better. */
export class WireFormatError extends ServiceError {
  override readonly name = 'WireFormatError';
  readonly code = 'statement_wire_format';
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`${path} is not ${expected}`);
  }
}

/** What a schema accepts, as a form needs to know it (libs/statement/statement-form.ts). */
export type FormDescriptor =
  | { kind: 'text'; maxLength: number; allowEmpty: boolean }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'year'; min: number; max: number }
  | { kind: 'cents'; signed: boolean }
  | { kind: 'date' }
  | { kind: 'boolean' }
  | { kind: 'one-of'; values: readonly string[] }
  | { kind: 'object'; keys: readonly { key: string; form: FormDescriptor }[] }
  | { kind: 'list'; item: FormDescriptor; max: number }
  | { kind: 'field'; inner: FormDescriptor }
  | { kind: 'nullable'; inner: FormDescriptor };

export type LeafDescriptor = Extract<
  FormDescriptor,
  { kind: 'text' | 'integer' | 'year' | 'cents' | 'date' | 'boolean' | 'one-of' }
>;

const COMPOSITE_KINDS: readonly FormDescriptor['kind'][] = ['object', 'list', 'field', 'nullable'];

/** A single value (one input of a form). */
export function isLeaf(form: FormDescriptor): form is LeafDescriptor {
  return !COMPOSITE_KINDS.includes(form.kind);
}

export interface Schema<T> {
  readModel(value: unknown, path: string, issues: StatementIssue[]): T | undefined;
  readWire(value: unknown, path: string): T;
  readonly form: FormDescriptor;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT = 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * A leaf value: one test, one English and one French description of what is expected (either may
 * depend on the value refused, to say what is wrong with it).
 */
export function leaf<T>(
  accept: (value: unknown) => value is T,
  english: string | ((value: unknown) => string),
  french: (field: string, value: unknown) => string,
  form: LeafDescriptor,
): Schema<T> {
  return {
    form,
    readModel(value, path, issues) {
      if (accept(value)) return value;
      issues.push({ field: path, message: value === undefined ? M.required(path) : french(path, value) });
      return undefined;
    },
    readWire(value, path) {
      if (accept(value)) return value;
      throw new WireFormatError(path, typeof english === 'string' ? english : english(value));
    },
  };
}

export function text(): Schema<string> {
  return leaf(
    (value): value is string => isStorableText(value) && value.trim() !== '' && value.length <= MAX_TEXT,
    'a non-empty string',
    (field) => M.text(field, MAX_TEXT),
    { kind: 'text', maxLength: MAX_TEXT, allowEmpty: false },
  );
}

export function integer(min: number, max: number): Schema<number> {
  return leaf(
    (value): value is number =>
      Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max,
    `an integer from ${min} to ${max}`,
    (field) => M.integer(field, min, max),
    { kind: 'integer', min, max },
  );
}

/** A year, e.g. of completion: an integer the form offers as a year. */
export function year(min: number, max: number): Schema<number> {
  return { ...integer(min, max), form: { kind: 'year', min, max } };
}

/**
 * The largest amount a statement may carry, in cents, either sign: ten billion euros, beyond any
 * co-ownership's figure, and small enough that the largest sum the pre-statement makes (the budget
 * shares of up to 1,000 lots) stays below 2^53, where integer cents would lose their exactness.
 */
export const MAX_CENTS = 1_000_000_000_000;

/** Integer euro cents; `signed` for balances, which may be in the seller's favour. */
export function cents(options: { signed?: boolean } = {}): Schema<number> {
  const signed = options.signed === true;
  const integerOfSign = (value: unknown): value is number =>
    Number.isInteger(value) && (signed || (value as number) >= 0);
  const expected = signed ? 'an integer amount in cents' : 'a non-negative integer amount in cents';
  return leaf(
    (value): value is number => integerOfSign(value) && Math.abs(value) <= MAX_CENTS,
    (value) => (integerOfSign(value) ? `${expected} of at most ${MAX_CENTS} in absolute value` : expected),
    (field, value) =>
      integerOfSign(value)
        ? M.amountTooLarge(field, MAX_CENTS)
        : signed
          ? M.signedCents(field)
          : M.cents(field),
    { kind: 'cents', signed },
  );
}

export function isoDate(): Schema<string> {
  return leaf(
    (value): value is string => typeof value === 'string' && isCalendarDate(value),
    'a date YYYY-MM-DD',
    (field) => M.date(field),
    { kind: 'date' },
  );
}

export function boolean(): Schema<boolean> {
  return leaf(
    (value): value is boolean => typeof value === 'boolean',
    'a boolean',
    (field) => M.boolean(field),
    { kind: 'boolean' },
  );
}

export function oneOf<V extends string>(values: readonly V[]): Schema<V> {
  return leaf(
    (value): value is V => typeof value === 'string' && (values as readonly string[]).includes(value),
    `one of ${values.join(', ')}`,
    (field) => M.oneOf(field, values),
    { kind: 'one-of', values },
  );
}

type Shape<T> = { [K in keyof T]: Schema<T[K]> };

/** `optionalOnWire`: a group added after the protocol's first version; absent, all its fields are. */
export function object<T extends object>(
  shape: Shape<T>,
  options: { optionalOnWire?: boolean } = {},
): Schema<T> {
  const keys = Object.keys(shape) as (keyof T & string)[];
  return {
    form: { kind: 'object', keys: keys.map((key) => ({ key, form: shape[key].form })) },
    readModel(value, path, issues) {
      if (!isRecord(value)) {
        issues.push({ field: path, message: value === undefined ? M.required(path) : M.object(path) });
        return undefined;
      }
      const result = {} as T;
      let valid = true;
      for (const key of keys) {
        const read = shape[key].readModel(own(value, key), join(path, key), issues);
        if (read === undefined) valid = false;
        else result[key] = read;
      }
      return valid ? result : undefined;
    },
    readWire(value, path) {
      const record = value === undefined && options.optionalOnWire ? {} : value;
      if (!isRecord(record)) throw new WireFormatError(path, 'an object');
      const result = {} as T;
      for (const key of keys) result[key] = shape[key].readWire(own(record, key), join(path, key));
      return result;
    },
  };
}

export function list<T>(item: Schema<T>, max: number): Schema<T[]> {
  return {
    form: { kind: 'list', item: item.form, max },
    readModel(value, path, issues) {
      if (!Array.isArray(value)) {
        issues.push({ field: path, message: value === undefined ? M.required(path) : M.list(path) });
        return undefined;
      }
      if (value.length > max) {
        issues.push({ field: path, message: M.listMax(path, max) });
        return undefined;
      }
      const items = value.map((entry, index) => item.readModel(entry, `${path}[${index}]`, issues));
      return items.every((entry) => entry !== undefined) ? (items as T[]) : undefined;
    },
    readWire(value, path) {
      if (!Array.isArray(value)) throw new WireFormatError(path, 'an array');
      if (value.length > max) throw new WireFormatError(path, `an array of at most ${max} items`);
      return value.map((entry, index) => item.readWire(entry, `${path}[${index}]`));
    },
  };
}

/**
 * A value with its status. On the wire, `null` is "not communicated"; so is an absent key when
 * `optionalOnWire` (fields added after the protocol's first version, which extranets may not send yet).
 */
export function field<T>(
  inner: Schema<T>,
  options: { optionalOnWire?: boolean } = {},
): Schema<StatementField<T>> {
  return {
    form: { kind: 'field', inner: inner.form },
    readModel(value, path, issues) {
      if (!isRecord(value)) {
        issues.push({ field: path, message: value === undefined ? M.required(path) : M.fieldObject(path) });
        return undefined;
      }
      const status = own(value, 'status');
      const source = own(value, 'source') ?? null;
      const sourceValid = source === null || (Number.isSafeInteger(source) && (source as number) > 0);
      if (!sourceValid) issues.push({ field: `${path}.source`, message: M.source(`${path}.source`) });
      if (!(FIELD_STATUSES as readonly unknown[]).includes(status)) {
        issues.push({ field: `${path}.status`, message: M.status(`${path}.status`) });
        return undefined;
      }
      if (status === 'not_communicated') {
        if (own(value, 'value') !== null && own(value, 'value') !== undefined) {
          issues.push({ field: `${path}.value`, message: M.valueWithoutStatus(`${path}.value`) });
          return undefined;
        }
        return sourceValid ? notCommunicated(source as number | null) : undefined;
      }
      const read = inner.readModel(own(value, 'value'), `${path}.value`, issues);
      return read === undefined || !sourceValid ? undefined : confirmed(read, source as number | null);
    },
    readWire(value, path) {
      if (value === null) return notCommunicated();
      if (value === undefined) {
        if (options.optionalOnWire) return notCommunicated();
        throw new WireFormatError(path, 'present (null when not communicated)');
      }
      return confirmed(inner.readWire(value, path));
    },
  };
}

/** A blank string on the wire is not a value: it reads as "not communicated". */
export function textField(options: { optionalOnWire?: boolean } = {}): Schema<StatementField<string>> {
  const base = field(text(), options);
  return {
    form: base.form,
    readModel: base.readModel,
    readWire: (value, path) =>
      typeof value === 'string' && value.trim() === '' ? notCommunicated() : base.readWire(value, path),
  };
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

/**
 * A string PostgreSQL can store: its text and jsonb types refuse the NUL character, and jsonb half of
 * a surrogate pair (with the u flag, only a lone half is of category Cs).
 */
export function isStorableText(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000') && !/\p{Cs}/u.test(value);
}

export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
