import { randomUUID } from 'node:crypto';
import { type DirectOperatorAction, type OperatorActionKind } from '@libs/fulfilment/operator-action';
import { operatorRefusal } from '@libs/fulfilment/operator-action-rules';
import { type SyndicAccess } from '@libs/fulfilment/operator-actions.service';
import { type OperatorOrderView } from '@libs/fulfilment/operator-order.query';
import { type NotificationLogEntry } from '@libs/notifications/log/notification-log-entry';
import { type OperatorIdentity, canActOnOrders } from '@libs/operators/operator-identity';
import { DOCUMENT_KINDS, type DocumentKind, statedKind } from '@libs/orders/document-kind';
import { kindsNotExisting } from '@libs/orders/documents/document-existence';
import { doctypeLabel, kindLabel } from '@libs/orders/document-labels';
import { type FieldIssue } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { type StatementForm, buildStatementForm } from '@libs/statement/statement-form';
import { formIssueOf } from '@libs/statement/statement-form.inputs';
import { readStatementForm } from '@libs/statement/statement-form.reader';
import { type ConsoleFormBody } from '../http/console-form.reader';
import { formatAge, formatDateTime, formatFulfilmentMode, formatIsoDate, formatSize } from './console-format';
import { describeDetail } from './event-detail';
import { isPreviewable } from './previewable-media-types';

/** What the page says at its top: what the last action did, or why it was refused. */
export interface OrderPageNotice {
  kind: 'done' | 'error';
  /** French, from the catalogue. */
  text: string;
}

/** A form of the page the console refused, to show again as it was sent. */
export interface RefusedForm {
  /** Where it was posted (`/console/orders/<id>/cancel`): which of the page's forms it is. */
  path: string;
  fields: ConsoleFormBody['fields'];
  /** The problems of its values, each shown beside the input it names, or in the notice. */
  issues: readonly FieldIssue[];
}

/** The files an attachment form offers: `fichier_<n>` with its kind `nature_<n>`, n from 1. */
export const ATTACHMENT_SLOTS = 3;

export interface OrderPageInput {
  view: OperatorOrderView;
  operator: OperatorIdentity;
  now: Date;
  /** The order's workflow in the Temporal UI. */
  temporalUrl: string;
  notice?: OrderPageNotice;
  /** The seller's access, once an operator asked to see it (audited). */
  revealed?: SyndicAccess;
  /** A document to show on the page (`?apercu=<id>`). */
  previewDocumentId?: number;
  /** A form refused: shown again as typed, its problems beside its inputs or in the notice. */
  refused?: RefusedForm;
}

/** Every change the page's forms can make, mapped to whether the rules allow it now. */
type Offers = Record<Exclude<OperatorActionKind, DirectOperatorAction>, boolean>;

/** The order page's data, every value ready to print (the template only loops and prints). */
export function presentOrderPage(input: OrderPageInput) {
  const { view, operator, now } = input;
  const { order } = view;
  const base = `/console/orders/${order.orderid}`;
  const allowed = (action: OperatorActionKind, request: object = {}) =>
    operatorRefusal(action, view.fulfilment, { role: operator.role, ...request }) === null;
  const offers: Offers = {
    statement_filed: allowed('statement_filed'),
    documents_attached: allowed('documents_attached', { version: order.version, documentIds: [1] }),
    document_existence_marked: allowed('document_existence_marked', { kind: 'dtg', exists: false }),
    released: allowed('released'),
    handed_back: allowed('handed_back'),
    switched_to_assisted: allowed('switched_to_assisted', { note: 'x' }),
    cancelled: allowed('cancelled', { reason: 'x' }),
  };
  const notExisting = kindsNotExisting(
    view.statementIsCurrent ? view.statement : null,
    order.documentExistence,
  );
  const preview =
    view.documents.find(
      (document) => document.id === input.previewDocumentId && isPreviewable(document.mimetype),
    ) ?? null;
  const { refused } = input;
  const refusedHere = (action: string) => refused?.path === `${base}/${action}`;
  // What the refused form held: the same form, and only it, shows it again.
  const typed = (action: string, name: string): string =>
    refused && refusedHere(action) ? ([refused.fields[name] ?? ''].flat()[0] ?? '') : '';
  const refusedStatement = refused && refusedHere('statement') ? refused : undefined;
  const statementForm: StatementForm = buildStatementForm({
    statement: view.statement,
    documents: view.documents
      .filter((document) => document.source !== 'dossier')
      .map((document) => ({ id: document.id, label: `${document.id} — ${document.title}` })),
    posted: refusedStatement && readStatementForm(refusedStatement.fields).posted,
    issues: refusedStatement?.issues.map(formIssueOf),
  });
  // The statement form shows its own problems; the other forms' are said at the top.
  const noticeItems = refused && !refusedStatement ? refused.issues.map((issue) => issue.message) : [];
  if (refusedHere('documents')) noticeItems.push(T.actions.attachAgain);
  return {
    base,
    notice: input.notice ? { ...input.notice, items: noticeItems } : null,
    typed: {
      note: typed('assist', 'note'),
      reason: typed('cancel', 'motif'),
      existenceKind: typed('document-existence', 'kind'),
    },
    attachSlots: Array.from({ length: ATTACHMENT_SLOTS }, (_, index) => ({
      n: index + 1,
      kind: typed('documents', `nature_${index + 1}`),
    })),
    canAct: canActOnOrders(operator.role),
    offers,
    // One update id per form and page: the same form sent twice is applied once.
    actionIds: Object.fromEntries(Object.keys(offers).map((action) => [action, randomUUID()])) as Record<
      keyof Offers,
      string
    >,
    temporalUrl: input.temporalUrl,
    // The round the forms act on: one a refresh has replaced since is refused (version_superseded).
    round: order.version,
    summary: [
      [T.order.fields.account, view.accountEmail],
      [T.order.fields.externalId, order.externalId || T.none],
      [T.order.fields.state, T.states[order.state]],
      [T.order.fields.method, T.methods[order.method]],
      [T.order.fields.testMode, order.testMode ? T.yes : T.no],
      [T.order.fields.created, formatDateTime(order.createdAt)],
      [T.order.fields.updated, formatDateTime(order.updatedAt)],
      [T.order.fields.version, String(order.version)],
    ],
    state: order.state,
    fulfilment: {
      mode: formatFulfilmentMode(order),
      assisted: order.fulfilmentMode === 'assisted',
      rows: [
        order.assistanceReason ? [T.order.fields.reason, T.reasons[order.assistanceReason]] : null,
        order.assistedSince
          ? [
              T.order.fields.since,
              `${formatDateTime(order.assistedSince)} (${formatAge(order.assistedSince, now)})`,
            ]
          : null,
        order.assistanceDetail ? [T.order.fields.detail, order.assistanceDetail] : null,
        order.cancelledAt ? [T.order.fields.cancelled, formatDateTime(order.cancelledAt)] : null,
        order.cancelReason ? [T.order.fields.cancelReason, order.cancelReason] : null,
        order.missingDoctypes.length > 0
          ? [T.order.fields.missing, order.missingDoctypes.map(doctypeLabel).join(', ')]
          : null,
      ].filter((row): row is [string, string] => row !== null),
    },
    property: [
      [
        T.order.fields.address,
        [order.address, order.additional, `${order.zipcode} ${order.city}`].filter(Boolean).join(', '),
      ],
      [T.order.fields.lots, order.lots ?? T.none],
      [
        T.order.fields.owners,
        order.owners.map((owner) => `${owner.firstname} ${owner.lastname}`.trim()).join(', '),
      ],
      [T.order.fields.allDuePaid, order.allDuePaid ? T.yes : T.no],
      [T.order.fields.comment, order.comment ?? T.none],
    ],
    access: {
      rows: [
        [T.order.fields.syndic, order.syndicName ?? T.none],
        [T.order.fields.url, order.syndicUrl ?? T.none],
        [T.order.fields.username, order.syndicUsername ?? T.none],
      ],
      revealed: input.revealed
        ? [
            [T.order.fields.username, input.revealed.username ?? T.none],
            [T.order.fields.password, input.revealed.password ?? T.none],
          ]
        : null,
      actionUrl: `${base}/syndic-access`,
    },
    documents: view.documents.map((document) => {
      // A kind nobody stated is not guessed: a doctype-4 document may be a DTG as well as a DPE.
      const kind = statedKind(document);
      const previewable = isPreviewable(document.mimetype);
      return {
        id: document.id,
        type: doctypeLabel(document.doctype),
        kind: kind === null ? T.order.kindUnstated : kindLabel(kind),
        title: document.title,
        date: document.documentDate ? formatIsoDate(document.documentDate) : T.none,
        source: T.order.sources[document.source],
        size: formatSize(document.size),
        downloadUrl: `${base}/documents/${document.id}`,
        previewUrl: previewable ? `${base}?apercu=${document.id}#apercu` : null,
      };
    }),
    preview: preview
      ? {
          title: T.order.previewTitle(preview.title),
          url: `${base}/documents/${preview.id}?apercu=1`,
          image: preview.mimetype.startsWith('image/'),
          closeUrl: `${base}#documents`,
        }
      : null,
    kinds: DOCUMENT_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
    existence: DOCUMENT_KINDS.filter(
      (kind) => notExisting.has(kind) || order.documentExistence[kind] !== undefined,
    ).map((kind: DocumentKind) => ({
      label: kindLabel(kind),
      // An operator's mark, or else the statement's list (a connector's, as the syndic gave it).
      state: existenceState(order.documentExistence[kind]),
    })),
    statement: {
      note:
        view.statement === null
          ? T.order.statementNone
          : view.statementIsCurrent
            ? T.order.statementCurrent
            : T.order.statementPrevious,
      form: statementForm,
      editable: offers.statement_filed,
      open: offers.statement_filed || refusedStatement !== undefined,
    },
    timeline: view.events.map((event) => ({
      at: formatDateTime(event.createdAt),
      change:
        event.fromState === null
          ? T.states[event.toState]
          : event.fromState === event.toState
            ? T.states[event.toState]
            : `${T.states[event.fromState]} → ${T.states[event.toState]}`,
      what: event.trigger.startsWith('operator:')
        ? (T.actionNames[event.trigger.slice('operator:'.length) as OperatorActionKind] ?? event.trigger)
        : (T.triggers[event.trigger] ?? event.trigger),
      // Who acted is said once; the operator's id is in the audit table.
      detail: describeDetail(withoutKeys(event.detail, ['operator_id'])),
    })),
    notifications: view.notifications.map((notification) => ({
      created: formatDateTime(notification.created),
      // The code too: it is what the client received, and will quote.
      status: T.order.notificationStatus(
        T.states[notification.status],
        notification.status,
        notification.test,
      ),
      outcome: notificationOutcome(notification),
      attempts: notification.attempts.map((attempt) =>
        T.order.attempt(
          formatDateTime(attempt.attempted_at),
          attempt.http_status === null ? (attempt.error ?? T.none) : `HTTP ${attempt.http_status}`,
          attempt.latency_ms === null ? T.none : `${attempt.latency_ms} ms`,
        ),
      ),
      // Not sent, the log's error says in English what the outcome says.
      lastError: notification.not_sent === null ? (notification.last_error ?? '') : '',
      // With no callback URL anywhere, a redelivery could only be refused (409 no_callback_url).
      redeliverUrl: view.notificationsSendable ? `${base}/notifications/${notification.id}/redeliver` : null,
    })),
    audit: view.audit.map((entry) => ({
      at: formatDateTime(entry.at),
      operator: entry.operatorEmail,
      action: T.actionNames[entry.action],
      detail: describeDetail(entry.detail),
    })),
    preStatement: view.preStatementReady
      ? { documentUrl: `${base}/pre-statement`, dossierUrl: `${base}/dossier` }
      : null,
  };
}

export type OrderPage = ReturnType<typeof presentOrderPage>;

/** Delivered, given up, not sent (no callback URL) or still being sent, with its date. */
function notificationOutcome(notification: NotificationLogEntry): string {
  const outcome = T.order.notificationOutcome;
  if (notification.delivered !== null) return outcome.delivered(formatDateTime(notification.delivered));
  if (notification.failed !== null) return outcome.failed(formatDateTime(notification.failed));
  if (notification.not_sent !== null) return outcome.notSent(formatDateTime(notification.not_sent));
  return outcome.pending;
}

function existenceState(mark: boolean | undefined): string {
  if (mark === undefined) return T.actions.existenceStated;
  return mark ? T.actions.existenceMarked.true : T.actions.existenceMarked.false;
}

function withoutKeys(detail: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !keys.includes(key)));
}
