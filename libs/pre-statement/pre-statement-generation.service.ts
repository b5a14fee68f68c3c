import { createHash } from 'node:crypto';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type PreStatementRepository } from './pre-statement.repository';
import { type OrderRepository } from '@libs/orders/order.repository';
import { documentStorageKeys } from '@libs/orders/documents/document-storage-key';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { parseLots } from '@libs/orders/order-lots';
import { Doctype } from '@libs/orders/doctype';
import { statedKind } from '@libs/orders/document-kind';
import { type PreStatementInput } from './pre-statement-input';
import { renderPreStatementPdf } from './pre-statement.renderer';
import { buildDossier, prepareAnnexes } from './dossier.builder';
import { buildPreStatementView } from './pre-statement-view';
import { PRE_STATEMENT_TEXTS as T } from './pre-statement.texts';
import { readStoredStatement } from '@libs/statement/stored-statement.reader';
import { type AccountStatement } from '@libs/statement/account-statement';
import { withExistenceMarks } from '@libs/orders/documents/document-existence';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { OrderNotFoundForProcessingError } from '@libs/orders/collection/order-processing.errors';

const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Generates and stores the pre-statement of an order version, and the dossier (the pre-statement
 * followed by every annex); idempotent per version. The pre-statement's row is written last: it marks
 * the version done, so a retry after a crash rebuilds both (the same bytes: they depend only on the
 * order, its documents and `issuedAt`).
 */
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
    const annexes = await prepareAnnexes(
      await Promise.all(
        documents.map(async (document) => ({
          annex: {
            doctype: document.doctype,
            kind: statedKind(document),
            title: document.title,
            date: document.documentDate,
          },
          mimetype: document.mimetype,
          content: await this.store.get(document.storageKey),
        })),
      ),
    );
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
      statement: statementOf(order, version),
      documents: annexes.map((prepared) => prepared.annex),
    };
    const pdf = await renderPreStatementPdf(input);
    const view = buildPreStatementView(input);
    const dossier = await buildDossier(pdf, annexes, {
      title: view.metadata.title,
      author: view.metadata.author,
      subject: view.metadata.subject,
      issuedAt,
    });
    await this.storeDossier(orderid, version, dossier, issuedAt);
    const storageKey = documentStorageKeys.preStatement(orderid, version);
    await this.store.put(storageKey, pdf);
    await this.preStatements.insertIfAbsent({
      orderid,
      orderVersion: version,
      storageKey,
      size: pdf.length,
      statement: order.statementVersion === version ? order.statement : null,
      missingDoctypes: order.missingDoctypes,
    });
  }

  private async storeDossier(
    orderid: string,
    version: number,
    dossier: Buffer,
    issuedAt: Date,
  ): Promise<void> {
    const storageKey = documentStorageKeys.dossier(orderid, version);
    await this.store.put(storageKey, dossier);
    await this.documents.insertIfAbsent({
      orderid,
      orderVersion: version,
      source: 'dossier',
      sourceRef: 'dossier',
      doctype: Doctype.Other,
      kind: 'other',
      title: T.dossierTitle,
      filename: `dossier-pre-etat-date-${orderid}.pdf`,
      documentDate: PARIS_DATE.format(issuedAt),
      mimetype: 'application/pdf',
      size: dossier.length,
      sha256: createHash('sha256').update(dossier).digest('hex'),
      storageKey,
    });
  }
}

/** The statement of the version, with the kinds an operator marked as existing or not. */
function statementOf(order: OrderEntity, version: number): AccountStatement | null {
  const statement = order.statementVersion === version ? readStoredStatement(order.statement) : null;
  return statement && withExistenceMarks(statement, order.documentExistence);
}
