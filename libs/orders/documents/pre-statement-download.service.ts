import { type OrderOwnership } from '../order-ownership';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { DomainError } from '@libs/platform/domain-error';
import { type PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';

export interface PreStatementFile {
  filename: string;
  content: Buffer;
}

/** `GET /order/<orderid>/document`: the finished pre-statement, once the order is `done`. */
export class PreStatementDownloadService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly preStatements: PreStatementRepository,
    private readonly store: DocumentStore,
  ) {}

  async download(caller: AuthenticatedAccount, orderid: string): Promise<PreStatementFile> {
    const order = await this.ownership.orderOf(caller, orderid);
    // A refreshed order is not done until its new version is: the former PDF is outdated meanwhile.
    const preStatement = order.state === 'done' ? await this.preStatements.findLatestForOrder(orderid) : null;
    if (!preStatement) throw new DomainError('document_not_ready');
    return {
      filename: `pre-etat-date-${order.orderid}.pdf`,
      content: await this.store.get(preStatement.storageKey),
    };
  }
}
