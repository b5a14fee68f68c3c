import { ServiceError } from '@libs/platform/domain-error';
import { type Doctype } from '@libs/orders/doctype';
import { valueOf } from '@libs/statement/statement-field';
import { readStoredStatement } from '@libs/statement/stored-statement.reader';
import { type OrderState } from '@libs/orders/order-state';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type AccountEntity } from '@libs/persistence/entities/account.entity';
import { type NotificationEntity } from '@libs/persistence/entities/notification.entity';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { type DocumentLinkSigner } from '../document-links/document-link.signer';
import { type NotificationContentRepository } from './notification-content.repository';

/** Document object of the published interface. */
export interface NotificationDocument {
  id: number;
  doctype: Doctype;
  /** YYYY-MM-DD */
  delivered: string;
  comment: string;
  mimetype: string;
  url: string;
}

/** Notification body of the published interface; keys in its order. */
export interface NotificationBody {
  status: OrderState;
  orderid: string;
  external_id: string;
  content?: string;
  registration_id?: string;
  documents?: NotificationDocument[];
}

export interface NotificationPayloadSource {
  notification: Pick<NotificationEntity, 'status' | 'orderVersion' | 'test'>;
  order: Pick<OrderEntity, 'orderid' | 'externalId' | 'statement' | 'statementVersion'>;
  account: Pick<AccountEntity, 'shareDocuments' | 'shareRegistrationId'>;
}

/** What a `done` notification reports of its round. */
interface DoneRound {
  pdf: Buffer;
  /** As stored (`readStoredStatement`); null when none was collected. */
  statement: object | null;
}

/** A `done` notification without its pre-statement: the order's data is inconsistent, not the receiver. */
export class NotificationContentMissingError extends ServiceError {
  override readonly name = 'NotificationContentMissingError';
  readonly code = 'notification_content_missing';
}

// Dates are French calendar dates: a document stored at 00:30 in Paris is of that day, not of the UTC one.
const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Builds the JSON body of a notification exactly as docs/contract.md §6 says. */
export class NotificationPayloadBuilder {
  constructor(
    private readonly content: NotificationContentRepository,
    private readonly store: DocumentStore,
    private readonly links: DocumentLinkSigner,
    /** The specimen PDF sent by test notifications of status `done` of orders without a pre-statement. */
    private readonly specimenPdf: (() => Promise<Buffer>) | null = null,
  ) {}

  async build(source: NotificationPayloadSource, now: Date): Promise<NotificationBody> {
    const { notification, order, account } = source;
    const body: NotificationBody = {
      status: notification.status,
      orderid: order.orderid,
      external_id: order.externalId ?? '',
    };
    if (notification.status !== 'done') return body;
    const round = await this.roundOf(source);
    body.content = round.pdf.toString('base64');
    if (account.shareRegistrationId) {
      // Always a string, as published; '' when the extranet did not give the number.
      body.registration_id =
        valueOf(readStoredStatement(round.statement)?.coOwnership.registrationNumber) ?? '';
    }
    if (account.shareDocuments) {
      const documents = await this.content.listDocuments(order.orderid, notification.orderVersion);
      const expiresAt = this.links.expiryFrom(now);
      body.documents = documents.map((document) => this.documentObject(document, expiresAt));
    }
    return body;
  }

  /**
   * The pre-statement of the notification's round and the statement it was made from: the order's own is
   * the latest round's, which a refresh may have replaced since.
   */
  private async roundOf({ notification, order }: NotificationPayloadSource): Promise<DoneRound> {
    const preStatement = await this.content.findPreStatement(order.orderid, notification.orderVersion);
    if (preStatement) {
      return { pdf: await this.store.get(preStatement.storageKey), statement: preStatement.statement };
    }
    if (notification.test && this.specimenPdf) {
      const statement = order.statementVersion === notification.orderVersion ? order.statement : null;
      return { pdf: await this.specimenPdf(), statement };
    }
    throw new NotificationContentMissingError(
      `no pre-statement for order ${order.orderid} version ${notification.orderVersion}`,
    );
  }

  private documentObject(document: StoredDocumentEntity, expiresAt: Date): NotificationDocument {
    return {
      id: document.id,
      doctype: document.doctype,
      delivered: document.documentDate ?? PARIS_DATE.format(document.createdAt),
      // The published object has no field to tell the dossier from a collected document: its comment
      // names it (doctype 10, "Other").
      comment: document.source === 'dossier' ? document.title : '',
      mimetype: document.mimetype,
      url: this.links.signDocumentLink(document.id, expiresAt),
    };
  }
}
