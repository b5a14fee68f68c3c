import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { type OrderOwnership } from '../order-ownership';
import { type OrderRepository } from '../order.repository';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderWorkflowGateway } from '../refresh/order-workflow-gateway';
import { type OrderWorkflowRelay } from '../workflow-starts/order-workflow-relay';
import { type UploadedDocument } from './uploaded-document';
import { type UploadedDocumentWriter } from './uploaded-document.writer';

/** One stored document as the upload route reports it; keys in alphabetical order. */
export class UploadedDocumentSummary {
  doctype!: number;
  filename!: string;
  id!: number;
  mimetype!: string;
  size!: number;
}

/**
 * The answer of an upload. A class so that the API documents this very shape (describeSchema); the code
 * builds plain objects of it.
 */
export class UploadReceipt {
  documents!: UploadedDocumentSummary[];
  orderid!: string;
}

/**
 * `POST /order/<orderid>/documents`. Accepted whatever the order's method: for an `extranet` order the
 * uploads complement what the extranet provides (a client may hold a document the syndic never
 * published). Documents join the order's current collection version, then the workflow is woken.
 */
export class OrderDocumentUploadService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly transactions: TransactionRunner,
    private readonly orders: Pick<OrderRepository, 'currentRoundHeld'>,
    private readonly writer: UploadedDocumentWriter,
    private readonly workflows: OrderWorkflowGateway,
    /** An upload right after creation may come before the relay started the order's workflow. */
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
  ) {}

  async upload(
    caller: AuthenticatedAccount,
    orderid: string,
    uploads: readonly UploadedDocument[],
  ): Promise<UploadReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    // Written in the round that is current when they are committed: a refresh applied meanwhile waits
    // for them, then carries them over to its round with the others.
    const rows = await this.transactions.transaction(async (tx) =>
      this.writer.write(order.orderid, await this.orders.currentRoundHeld(tx, order.orderid), uploads, {
        manager: tx,
      }),
    );
    await this.starts.ensureStarted(order, caller.email);
    // After the rows are committed, so the woken workflow sees them; a failed signal leaves them
    // stored and a retry of the same upload stores nothing twice.
    await this.workflows.notifyDocumentsUploaded(order.orderid);
    return {
      documents: rows.map((row) => ({
        doctype: row.doctype,
        filename: row.filename,
        id: row.id,
        mimetype: row.mimetype,
        size: row.size,
      })),
      orderid: order.orderid,
    };
  }
}
