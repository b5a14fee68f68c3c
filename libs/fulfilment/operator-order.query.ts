import {
  type NotificationLogEntry,
  toNotificationLogEntry,
} from '@libs/notifications/log/notification-log-entry';
import { callbackUrlOf } from '@libs/notifications/delivery/callback-url';
import { type NotificationRepository } from '@libs/notifications/notification.repository';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { isOrderId } from '@libs/orders/order-id';
import { type OrderRepository } from '@libs/orders/order.repository';
import { type OrderEventEntity } from '@libs/persistence/entities/order-event.entity';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { DomainError } from '@libs/platform/domain-error';
import { type PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { type AccountStatement } from '@libs/statement/account-statement';
import { withSourcesCopied } from '@libs/statement/statement-sources';
import { readStoredStatement } from '@libs/statement/stored-statement.reader';
import { type OperatorAuditEntry } from './operator-action';
import { type FulfilmentView } from './operator-action-rules';
import { type OperatorAuditRepository } from './operator-audit.repository';

/** Everything the console's order page shows of an order (none of it a secret). */
export interface OperatorOrderView {
  order: OrderEntity;
  accountEmail: string;
  /** The order or its account has a callback URL: its notifications can be sent (again). */
  notificationsSendable: boolean;
  /** The order as the fulfilment rules see it (operator-action-rules.ts), from its row. */
  fulfilment: FulfilmentView;
  /**
   * The latest statement on the order, and whether it is the current round's; a previous round's cites
   * the current round's copies of its documents, where there are (to be filed again as it is).
   */
  statement: AccountStatement | null;
  statementIsCurrent: boolean;
  /** Documents of the current round (collected, uploaded, attached), and the dossier if produced. */
  documents: StoredDocumentEntity[];
  events: OrderEventEntity[];
  notifications: NotificationLogEntry[];
  audit: OperatorAuditEntry[];
  /** A pre-statement of the current round exists. */
  preStatementReady: boolean;
}

/** A stored document of an order, to download or preview. */
export interface OrderDocumentFile {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/** At most this many notifications on the page (the API's log pages the rest). */
const NOTIFICATIONS_SHOWN = 100;

/** The order as operators read it on the console (docs/contract.md §9): any account's, read-only. */
export class OperatorOrderQuery {
  constructor(
    private readonly orders: OrderRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly notifications: NotificationRepository,
    private readonly preStatements: PreStatementRepository,
    private readonly audit: OperatorAuditRepository,
    private readonly store: DocumentStore,
  ) {}

  /** One of the order's stored documents (any round, the dossier included); 404 for another's. */
  async document(orderid: string, documentId: number): Promise<OrderDocumentFile> {
    const document = Number.isSafeInteger(documentId) ? await this.documents.findById(documentId) : null;
    if (!document || document.orderid !== orderid) throw new DomainError('order_not_found');
    return {
      filename: document.filename,
      mimetype: document.mimetype,
      content: await this.store.get(document.storageKey),
    };
  }

  /**
   * Each document of round `version` that the current round holds a copy of (the client's uploads and
   * operators' attachments carry over; a connector may collect the same file again), by its bytes.
   */
  private async copies(
    orderid: string,
    version: number,
    current: readonly StoredDocumentEntity[],
  ): Promise<Map<number, number>> {
    const bySha = new Map(current.map((document) => [document.sha256, document.id]));
    const copies = new Map<number, number>();
    for (const earlier of await this.documents.listForOrderVersion(orderid, version)) {
      const copy = bySha.get(earlier.sha256);
      if (copy !== undefined) copies.set(earlier.id, copy);
    }
    return copies;
  }

  async view(orderid: string): Promise<OperatorOrderView> {
    const order = isOrderId(orderid) ? await this.orders.findById(orderid) : null;
    if (!order) throw new DomainError('order_not_found');
    const [account, documents, dossier, events, notifications, audit, preStatement] = await Promise.all([
      this.orders.findAccountContact(orderid),
      this.documents.listForOrderVersion(orderid, order.version),
      this.documents.findDossier(orderid, order.version),
      this.orders.listEvents(orderid),
      this.notifications.listForOrder(orderid, { limit: NOTIFICATIONS_SHOWN, afterId: null }),
      this.audit.trailOf(orderid),
      this.preStatements.findForOrderVersion(orderid, order.version),
    ]);
    const statementIsCurrent = order.statementVersion === order.version;
    const statement = readStoredStatement(order.statement);
    return {
      order,
      accountEmail: account?.email ?? '',
      notificationsSendable: callbackUrlOf(order, { callbackUrl: account?.callbackUrl ?? null }) !== null,
      fulfilment: {
        state: order.state,
        fulfilment: order.fulfilmentMode,
        cancelled: order.cancelledAt !== null,
        hasStatement: statementIsCurrent,
        version: order.version,
      },
      statement:
        statement && !statementIsCurrent && order.statementVersion !== null
          ? withSourcesCopied(statement, await this.copies(orderid, order.statementVersion, documents))
          : statement,
      statementIsCurrent,
      documents: dossier ? [...documents, dossier] : documents,
      events,
      notifications: notifications.map(toNotificationLogEntry),
      audit,
      preStatementReady: preStatement !== null,
    };
  }
}
