import { DomainError } from '@libs/platform/domain-error';
import { type OrderOwnership } from '../order-ownership';
import { type OrderRepository } from '../order.repository';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderWorkflowGateway } from '../refresh/order-workflow-gateway';
import { type RefreshWindow } from '../refresh/refresh-window';
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
 * published). Documents join the order's current collection version, then the workflow is woken. An
 * order whose refresh window is over takes none: a refused upload leaves neither a file nor a row.
 */
export class OrderDocumentUploadService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly orders: Pick<OrderRepository, 'currentRoundHeld'>,
    private readonly writer: UploadedDocumentWriter,
    private readonly workflows: OrderWorkflowGateway,
    /** An upload right after creation may come before the relay started the order's workflow. */
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
    private readonly refreshWindow: RefreshWindow,
  ) {}

  async upload(
    caller: AuthenticatedAccount,
    orderid: string,
    uploads: readonly UploadedDocument[],
  ): Promise<UploadReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    // Written in the round that is current when they are committed: a refresh applied meanwhile waits
    // for them, then carries them over to its round with the others. Whether the order still takes
    // them is decided on that same round, before anything is written.
    const written = await this.writer.transaction(async (tx, write) => {
      const round = await this.orders.currentRoundHeld(tx, order.orderid);
      if (this.refreshWindow.isOver(round.doneAt)) throw new DomainError('order_closed');
      return write(order.orderid, round.version, uploads);
    });
    await this.starts.ensureStarted(order, caller.email);
    try {
      // After the rows are committed, so the woken workflow sees them; a signal failing otherwise
      // (Temporal unreachable) leaves them stored, and a retry of the same upload stores nothing twice.
      await this.workflows.notifyDocumentsUploaded(order.orderid);
    } catch (error) {
      // The round said open, but the workflow is over (terminated, or started under a shorter
      // REFRESH_WINDOW): the upload is refused, and takes back what it stored.
      if (error instanceof DomainError && error.code === 'order_closed') await this.writer.discard(written);
      throw error;
    }
    return {
      documents: written.map(({ row }) => ({
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
