import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type PreStatementRepository } from './pre-statement.repository';
import { type OrderRepository } from '@libs/orders/order.repository';
import { documentStorageKeys } from '@libs/orders/documents/document-storage-key';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { parseLots } from '@libs/orders/order-lots';
import { defaultKind } from '@libs/orders/document-kind';
import { type PreStatementInput } from './pre-statement-input';
import { renderPreStatementPdf } from './pre-statement.renderer';
import { readStoredStatement } from '@libs/statement/stored-statement.reader';
import { OrderNotFoundForProcessingError } from '@libs/orders/collection/order-processing.errors';

/** Generates and stores the pre-statement of an order version; idempotent per version. */
export class PreStatementGenerationService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly preStatements: PreStatementRepository,
    private readonly store: DocumentStore,
  ) {}

  async generate(orderid: string, version: number, issuedAt: Date): Promise<void> {
    if (await this.preStatements.findForOrderVersion(orderid, version)) return;
    const order = await this.orders.findById(orderid);
    if (!order) throw new OrderNotFoundForProcessingError(`Order ${orderid} does not exist`);
    const documents = await this.documents.listForOrderVersion(orderid, version);
    const input: PreStatementInput = {
      orderid,
      externalId: order.externalId,
      testMode: order.testMode,
      allDuePaid: order.allDuePaid,
      issuedAt,
      property: {
        address: order.address,
        additional: order.additional,
        zipcode: order.zipcode,
        city: order.city,
      },
      owners: order.owners,
      lotsRequested: parseLots(order.lots),
      syndicName: order.syndicName ?? '',
      statement: order.statementVersion === version ? readStoredStatement(order.statement) : null,
      documents: documents.map((d) => ({
        doctype: d.doctype,
        kind: defaultKind(d.doctype),
        title: d.title,
        date: d.documentDate,
        pages: null,
      })),
      comment: order.comment,
    };
    const pdf = await renderPreStatementPdf(input);
    const storageKey = documentStorageKeys.preStatement(orderid, version);
    await this.store.put(storageKey, pdf);
    await this.preStatements.insertIfAbsent({
      orderid,
      orderVersion: version,
      storageKey,
      size: pdf.length,
      missingDoctypes: order.missingDoctypes,
    });
  }
}
