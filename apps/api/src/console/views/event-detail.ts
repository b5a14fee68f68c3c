import { isDoctype } from '@libs/orders/doctype';
import { isDocumentKind } from '@libs/orders/document-kind';
import { doctypeLabel, kindLabel } from '@libs/orders/document-labels';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { describeInput, inputNameOf } from '@libs/statement/statement-form.inputs';

const D = T.details;

/** Words one key of a detail (`null`: nothing to say, or said with another key). */
type Worder = (value: unknown, detail: Readonly<Record<string, unknown>>) => string | null;

/**
 * The keys the order's events and the operators' audit record (libs/fulfilment/operator-action.recorder.ts,
 * the workflow's transitions, the routing, a refresh), each as an operator reads it.
 */
const WORDED: Readonly<Record<string, Worder>> = {
  operator_email: (value) => D.by(String(value)),
  first_filing: (value) => (value === true ? D.firstFiling : null),
  changed: (value) => {
    const paths = listOf(value);
    return paths.length === 0
      ? D.unchanged
      : D.changed(paths.map((path) => describeInput(inputNameOf(String(path)))));
  },
  documents: (value) => D.documents(listOf(value).map(documentOf)),
  kind: (value, detail) =>
    isDocumentKind(value)
      ? D.existence(kindLabel(value), detail.exists === true ? D.exists : D.notExisting)
      : null,
  exists: () => null,
  missing_doctypes: (value) => {
    const doctypes = listOf(value);
    return doctypes.length === 0
      ? null
      : D.missing(doctypes.map((d) => (isDoctype(d) ? doctypeLabel(d) : String(d))));
  },
  previous_reason: (value) => D.previousReason(reasonLabel(value)),
  reason: (value) => D.reason(reasonLabel(value)),
  note: (value) => D.reason(String(value)),
  detail: (value) => D.technical(String(value)),
  comment: (value) => D.comment(String(value)),
  all_due_paid: (value) => D.allDuePaid(value === true ? T.yes : T.no),
  method: (value) => D.method(labelOf(T.methods, value)),
  notification_id: (value) => D.notification(String(value)),
};

/**
 * An event's or an audit entry's detail as one line in French: each key the service records worded, an
 * unknown one (recorded by a later version) as `key : value`.
 */
export function describeDetail(detail: Readonly<Record<string, unknown>>): string {
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) =>
      Object.hasOwn(WORDED, key)
        ? WORDED[key]!(value, detail)
        : `${key} : ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .filter((text): text is string => text !== null)
    .join(' ; ');
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An attached document as its file's name and what it is. */
function documentOf(value: unknown): string {
  const { filename, kind, doctype } = (value ?? {}) as Record<string, unknown>;
  const nature = isDocumentKind(kind) ? kindLabel(kind) : isDoctype(doctype) ? doctypeLabel(doctype) : T.none;
  return `${String(filename)} (${nature})`;
}

/** Why an order went to operators (its code), or an operator's own words. */
function reasonLabel(value: unknown): string {
  return labelOf({ ...D.reasons, ...T.reasons }, value);
}

function labelOf(labels: Readonly<Record<string, string>>, value: unknown): string {
  const text = String(value);
  return Object.hasOwn(labels, text) ? labels[text]! : text;
}
