import { type OrderOwnership } from '../order-ownership';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { DomainError } from '@libs/platform/domain-error';
import { type PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { type OrderCaller } from '../order-caller';
import { type StoredDocumentRepository } from './stored-document.repository';

export interface PreStatementFile {
  filename: string;
  content: Buffer;
}

/**
 * `GET /order/<orderid>/document`: the finished pre-statement, once the order is `done`; and
 * `GET /order/<orderid>/dossier`: the same followed by every annex, under the same rules.
 */
export class PreStatementDownloadService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly preStatements: PreStatementRepository,
    private readonly store: DocumentStore,
    private readonly documents: StoredDocumentRepository,
  ) {}

  async download(caller: OrderCaller, orderid: string): Promise<PreStatementFile> {
    const { order, preStatement } = await this.finished(caller, orderid);
    return {
      filename: `pre-etat-date-${order.orderid}.pdf`,
      content: await this.store.get(preStatement.storageKey),
    };
  }

  async downloadDossier(caller: OrderCaller, orderid: string): Promise<PreStatementFile> {
    const { preStatement } = await this.finished(caller, orderid);
    const dossier = await this.documents.findDossier(orderid, preStatement.orderVersion);
    if (!dossier) throw new DomainError('dossier_not_available');
    return { filename: dossier.filename, content: await this.store.get(dossier.storageKey) };
  }

  private async finished(caller: OrderCaller, orderid: string) {
    const order = await this.ownership.orderOf(caller, orderid);
    // A refreshed order is not done until its new version is: the former PDF is outdated meanwhile.
    const preStatement = order.state === 'done' ? await this.preStatements.findLatestForOrder(orderid) : null;
    if (!preStatement) throw new DomainError('document_not_ready');
    return { order, preStatement };
  }
}
