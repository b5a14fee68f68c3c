import { type DocumentKind, publishedDoctype } from '@libs/orders/document-kind';
import {
  MAX_FILENAME_LENGTH,
  type UploadedDocument,
  contentIs,
  filenameProblemOf,
  isUploadMimetype,
} from '@libs/orders/documents/uploaded-document';
import { type UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { isOrderId } from '@libs/orders/order-id';
import { type OrderRepository } from '@libs/orders/order.repository';
import {
  type NotificationRedeliveryService,
  type RedeliveryReceipt,
} from '@libs/notifications/notification-redelivery.service';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { DomainError, type FieldIssue, ValuesRefused } from '@libs/platform/domain-error';
import {
  ATTACHMENT_MESSAGES as A,
  OPERATOR_TEXT_MESSAGES as TM,
  STATEMENT_MESSAGES,
} from '@libs/platform/messages.fr';
import { type SecretBox } from '@libs/security/secret-box';
import { validateFiledStatement } from '@libs/statement/statement-filing.rules';
import { citedSources } from '@libs/statement/statement-sources';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { type FulfilmentGateway, isRefusal } from './fulfilment-gateway';
import { type FulfilmentStatus, type WorkflowOperatorAction } from './fulfilment-workflow.contract';
import { type OperatorActionRecorder } from './operator-action.recorder';
import { OPERATOR_TEXT_MAX, operatorTextProblem } from './operator-action-rules';
import { type OperatorIdentity, canActOnOrders } from '@libs/operators/operator-identity';

/** A file an operator attaches, as the console's form sent it. */
export interface DocumentToAttach {
  kind: DocumentKind;
  filename: string;
  /** The media type the browser declared; the bytes must match it (PDF, PNG, JPEG). */
  contentType: string;
  content: Buffer;
}

/** The seller's access to the syndic's extranet, in clear: shown to one operator, never stored so. */
export interface SyndicAccess {
  syndicName: string | null;
  url: string | null;
  username: string | null;
  password: string | null;
}

/** At most this many files per attachment (as for a client's upload). */
const MAX_ATTACHMENTS = 20;

/**
 * What operators do to an order through the console (docs/contract.md §9), one implementation of each
 * rule: the role is checked here first (a viewer acts on nothing, even while Temporal is away), then the
 * order's workflow validates and applies the action (libs/fulfilment/operator-action-rules.ts), which
 * records it with its event and audit entry. `actionId` is the form's id, of which, with the order and
 * the action, the update's id is made: the same form sent twice is applied once.
 */
export class OperatorActionsService {
  constructor(
    private readonly orders: Pick<OrderRepository, 'findById'>,
    private readonly documents: Pick<StoredDocumentRepository, 'listForOrderVersion'>,
    private readonly workflows: FulfilmentGateway,
    private readonly writer: UploadedDocumentWriter,
    private readonly recorder: Pick<OperatorActionRecorder, 'recordDirectAction'>,
    private readonly redeliveries: Pick<NotificationRedeliveryService, 'redeliver'>,
    private readonly secretBox: SecretBox,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Files, or corrects, the account statement (the model's JSON shape, libs/statement). Each source it
   * cites must be one of the documents the console offers: the order's current round's, not the dossier.
   */
  async fileStatement(
    operator: OperatorIdentity,
    orderid: string,
    statement: unknown,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    const validation = validateFiledStatement(statement);
    if (!validation.valid) throw new ValuesRefused(validation.issues);
    this.requireActor(operator);
    const order = await this.order(orderid);
    const cited = citedSources(validation.statement);
    if (cited.length > 0) {
      const known = new Set(
        (await this.documents.listForOrderVersion(order.orderid, order.version)).map(
          (document) => document.id,
        ),
      );
      const unknown = cited.filter((citation) => !known.has(citation.source));
      if (unknown.length > 0) {
        throw new ValuesRefused(
          unknown.map((citation) => ({
            field: citation.field,
            message: STATEMENT_MESSAGES.sourceNotOfOrder(citation.field, citation.source),
          })),
        );
      }
    }
    return this.send(
      order.orderid,
      'statement_filed',
      { statement: validation.statement, operator },
      actionId,
      round,
    );
  }

  /**
   * Stores the files for the order's current round (checked like a client's uploads), then tells the
   * workflow. Refused by it, the attachment takes back what it stored; when its answer is not known
   * (pending, Temporal unreachable), the update may still apply, and its documents stay.
   */
  async attachDocuments(
    operator: OperatorIdentity,
    orderid: string,
    documents: readonly DocumentToAttach[],
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    this.requireActor(operator);
    const order = await this.order(orderid);
    // Not stored for a round the page did not show.
    if (round !== undefined && round !== order.version) {
      throw new DomainError('operator_action_refused', { refusal: 'version_superseded' });
    }
    const uploads = checkAttachments(documents);
    const written = await this.writer.write(order.orderid, order.version, uploads, { source: 'operator' });
    try {
      // The round the rows were stored for goes as the request's version.
      return await this.send(
        order.orderid,
        'documents_attached',
        { documentIds: written.map(({ row }) => row.id), operator },
        actionId,
        order.version,
      );
    } catch (error) {
      if (isRefusal(error)) await this.writer.discard(written);
      throw error;
    }
  }

  /** `exists: false`: the co-ownership has no such document (not "not obtained"); true withdraws it. */
  markDocumentExistence(
    operator: OperatorIdentity,
    orderid: string,
    kind: DocumentKind,
    exists: boolean,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    return this.act(operator, orderid, 'document_existence_marked', { kind, exists }, actionId, round);
  }

  /** The pre-statement is produced from what was filed; what is still missing is listed in it. */
  release(
    operator: OperatorIdentity,
    orderid: string,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    return this.act(operator, orderid, 'released', {}, actionId, round);
  }

  handBack(
    operator: OperatorIdentity,
    orderid: string,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    return this.act(operator, orderid, 'handed_back', {}, actionId, round);
  }

  // The role first: a viewer is told it may not act, not what its text lacks.
  async switchToAssisted(
    operator: OperatorIdentity,
    orderid: string,
    note: string,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    this.requireActor(operator);
    const args = { note: operatorText('note', note) };
    return this.act(operator, orderid, 'switched_to_assisted', args, actionId, round);
  }

  async cancel(
    operator: OperatorIdentity,
    orderid: string,
    reason: string,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    this.requireActor(operator);
    const args = { reason: operatorText('reason', reason) };
    return this.act(operator, orderid, 'cancelled', args, actionId, round);
  }

  /**
   * The seller's syndic access, for an operator who must log into the extranet: audited (with an event
   * in the order's history) before it is opened, so no one sees it without a trace.
   */
  async revealSyndicAccess(operator: OperatorIdentity, orderid: string): Promise<SyndicAccess> {
    this.requireActor(operator);
    const order = await this.order(orderid);
    await this.recorder.recordDirectAction(order, operator, 'syndic_access_revealed', {}, this.clock());
    return {
      syndicName: order.syndicName,
      url: order.syndicUrl,
      username: order.syndicUsername,
      password: order.syndicPasswordSealed
        ? this.secretBox.open(order.syndicPasswordSealed, order.orderid)
        : null,
    };
  }

  /**
   * Sends one of the order's notifications again (the API's redelivery), audited once Temporal has it:
   * an id of another order's, or of none, and a redelivery Temporal did not take (503) leave no entry
   * saying it was sent. Taken, it cannot be called back; should its entry then fail to be written, the
   * operator is answered an error, and its attempts are in the notification's delivery log all the same.
   */
  async redeliver(
    operator: OperatorIdentity,
    orderid: string,
    notificationId: string,
  ): Promise<RedeliveryReceipt> {
    this.requireActor(operator);
    const order = await this.order(orderid);
    return this.redeliveries.redeliver(operator, order.orderid, notificationId, (id) =>
      this.recorder.recordDirectAction(
        order,
        operator,
        'notification_redelivered',
        { notification_id: id },
        this.clock(),
      ),
    );
  }

  private async act(
    operator: OperatorIdentity,
    orderid: string,
    action: WorkflowOperatorAction,
    args: object,
    actionId: string,
    round?: number,
  ): Promise<FulfilmentStatus> {
    this.requireActor(operator);
    const order = await this.order(orderid);
    return this.send(order.orderid, action, { ...args, operator }, actionId, round);
  }

  /**
   * The update's id, which the audit records once per order, is made here of the order, the action and
   * the form's id: the form's id is the browser's to send, and one copied from another order's page must
   * not pass for a retry of that order's action. `round`, the round the operator's page showed, goes to
   * the workflow's rules as the request's version (`version_superseded` once a refresh replaced it).
   */
  private send(
    orderid: string,
    action: WorkflowOperatorAction,
    args: object,
    formId: string,
    round: number | undefined,
  ): Promise<FulfilmentStatus> {
    const request = round === undefined ? args : { ...args, version: round };
    return this.workflows.act(orderid, action, request, `${orderid}:${action}:${formId}`);
  }

  private requireActor(operator: OperatorIdentity): void {
    if (!canActOnOrders(operator.role)) throw new DomainError('operator_forbidden');
  }

  /** Operators see every account's orders; an unknown id is the same 404 as for clients. */
  private async order(orderid: string): Promise<OrderEntity> {
    const order = isOrderId(orderid) ? await this.orders.findById(orderid) : null;
    if (!order) throw new DomainError('order_not_found');
    return order;
  }
}

/**
 * The note or reason as recorded (trimmed), or what is wrong with it, worded for the operator: the
 * workflow's rules would only say "invalid request".
 */
function operatorText(name: keyof typeof TM.names, typed: string): string {
  const text = typed.trim();
  const label = TM.names[name];
  switch (operatorTextProblem(text)) {
    case 'empty':
      throw new ValuesRefused([{ field: name, message: TM.empty(label) }]);
    case 'too_long':
      throw new ValuesRefused([{ field: name, message: TM.tooLong(label, OPERATOR_TEXT_MAX, text.length) }]);
    case 'invalid':
      throw new ValuesRefused([{ field: name, message: TM.invalid(label) }]);
    case null:
      return text;
  }
}

/**
 * The files as stored documents, or what is wrong with each, by the rules of a client's upload, worded
 * for the operator who chose them: by the file's name, never the API's field paths.
 */
function checkAttachments(documents: readonly DocumentToAttach[]): UploadedDocument[] {
  if (documents.length === 0) throw new ValuesRefused([{ field: '', message: A.none }]);
  if (documents.length > MAX_ATTACHMENTS) {
    throw new ValuesRefused([{ field: '', message: A.tooMany(MAX_ATTACHMENTS) }]);
  }
  const issues: FieldIssue[] = [];
  const uploads = documents.map((document, index) => {
    const filename = document.filename.trim();
    const type = document.contentType.trim().toLowerCase();
    const problem = attachmentProblem(filename, type, document.content);
    if (problem !== null) issues.push({ field: `documents[${index}]`, message: problem });
    return {
      doctype: publishedDoctype(document.kind),
      kind: document.kind,
      filename,
      mimetype: type as UploadedDocument['mimetype'],
      content: document.content,
    };
  });
  if (issues.length > 0) throw new ValuesRefused(issues);
  return uploads;
}

function attachmentProblem(filename: string, type: string, content: Buffer): string | null {
  // A control character would not show on the page: it is shown as such.
  // eslint-disable-next-line no-control-regex
  const shown = filename.replace(/[\u0000-\u001f\u007f]/g, '\ufffd');
  switch (filenameProblemOf(filename)) {
    case 'empty':
      return A.nameEmpty;
    case 'too_long':
      return A.nameTooLong(`${shown.slice(0, 60)}…`, MAX_FILENAME_LENGTH);
    case 'forbidden_character':
      return A.nameCharacters(shown);
    case null:
      break;
  }
  if (!isUploadMimetype(type)) return A.type(shown);
  return contentIs(content, type) ? null : A.content(shown, A.formats[type]);
}
