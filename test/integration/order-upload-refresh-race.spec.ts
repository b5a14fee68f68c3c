import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { AccountRepository } from '@libs/accounts/account.repository';
import { Doctype } from '@libs/orders/doctype';
import { OrderDocumentUploadService } from '@libs/orders/documents/order-document-upload.service';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { OrderOwnership } from '@libs/orders/order-ownership';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderRefreshApplicationService } from '@libs/orders/refresh/order-refresh-application.service';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { RefreshWindow } from '@libs/orders/refresh/refresh-window';
import { type OrderWorkflowGateway } from '@libs/orders/refresh/order-workflow-gateway';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { pdfBytes } from '../support/document-fixtures';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * A client's upload and a refresh of the same order at the same moment. The upload read the order's
 * round, then wrote its rows for it; a refresh applied in between opened the next round and carried
 * over the uploads committed so far. The late rows stayed on the old round: the client got its document
 * ids, and the new round, its wait and its pre-statement never saw the documents. Real PostgreSQL.
 */
describe('an upload while a refresh is applied (PostgreSQL)', () => {
  let kit: NotificationTestKit;
  let account: AuthenticatedAccount;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    const { id } = await createAccount(kit);
    account = { accountId: id, email: 'etude@example.fr', apiKeyId: 'key' };
  });
  afterAll(() => kit?.close());

  it('puts the documents in the round that follows, whichever comes first', async () => {
    const { orderid } = await createOrder(kit, account.accountId, { state: 'waiting' });
    const orders = new OrderRepository(kit.dataSource);
    const transactions = new TransactionRunner(kit.dataSource);
    const documents = new StoredDocumentRepository(kit.dataSource);
    const refreshRequests = new OrderRefreshRequestRepository(kit.dataSource);
    const refreshes = new OrderRefreshApplicationService(
      transactions,
      orders,
      refreshRequests,
      documents,
      new AccountRepository(kit.dataSource),
      new UploadedDocumentWriter(documents, kit.store, transactions),
    );
    const requestId = await refreshRequests.create({
      orderid,
      comment: 'Nouvel appel de fonds',
      allDuePaid: true,
      method: 'upload',
      syndicName: null,
      syndicUsername: null,
      syndicPasswordSealed: null,
      syndicUrl: null,
    });
    // The refresh comes while the upload stores its file: after the upload read the round.
    let refreshing: Promise<unknown> | null = null;
    const store: DocumentStore = Object.assign(Object.create(kit.store) as DocumentStore, {
      put: async (key: string, content: Buffer) => {
        await kit.store.put(key, content);
        refreshing ??= refreshes.apply(orderid, requestId, new Date());
        // Applied at once, or held until the upload's rows are committed.
        await Promise.race([refreshing, new Promise((resolve) => setTimeout(resolve, 500))]);
      },
    });
    const uploads = new OrderDocumentUploadService(
      new OrderOwnership(orders),
      orders,
      new UploadedDocumentWriter(documents, store, transactions),
      { notifyDocumentsUploaded: async () => undefined } as unknown as OrderWorkflowGateway,
      { ensureStarted: async () => undefined },
      new RefreshWindow(180 * 24 * 3600 * 1000),
    );

    const receipt = await uploads.upload(account, orderid, [
      {
        doctype: Doctype.Minutes,
        filename: 'pv-ag-2025.pdf',
        mimetype: 'application/pdf',
        content: pdfBytes('pv'),
      },
    ]);
    await refreshing;

    expect(receipt.documents).toHaveLength(1);
    const round = (await orders.findById(orderid))!.version;
    expect(round).toBe(2);
    expect((await documents.listForOrderVersion(orderid, round)).map((d) => d.filename)).toEqual([
      'pv-ag-2025.pdf',
    ]);
  });
});
