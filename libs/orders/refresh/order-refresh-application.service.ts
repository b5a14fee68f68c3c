import { type AccountRepository } from '@libs/accounts/account.repository';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { type StoredDocumentRepository } from '../documents/stored-document.repository';
import { type UploadedDocumentWriter } from '../documents/uploaded-document.writer';
import { type OrderRepository } from '../order.repository';
import { type OrderRefreshRequestRepository } from './order-refresh-request.repository';
import { type OrderRecord, toOrderRecord } from '../order-record';
import { OrderNotFoundForProcessingError } from '../collection/order-processing.errors';

export interface AppliedRefresh {
  record: OrderRecord;
  /** The collection round the refresh opened. */
  version: number;
  /** Its `need-refresh` notification (null should it not be found). */
  notificationId: string | null;
}

/**
 * Applies a refresh the API stored: new parameters and credentials onto the order, a new collection
 * version, the `need-refresh` transition with its event (the comment kept in the history) and its
 * notification. Idempotent: a request applied before changes nothing more and answers the round and
 * the notification it made, as the first time, since its first answer may never have reached the
 * workflow (the activity retried after its transaction committed, a worker gone before recording it).
 */
export class OrderRefreshApplicationService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly refreshRequests: OrderRefreshRequestRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly accounts: AccountRepository,
    private readonly attachments: Pick<UploadedDocumentWriter, 'discardSuperseded'>,
  ) {}

  async apply(orderid: string, refreshRequestId: string, at: Date): Promise<AppliedRefresh> {
    const result = await this.transactions.transaction(async (tx) => {
      const request = await this.refreshRequests.findForOrder(tx, refreshRequestId, orderid);
      const order = await this.orders.findLocked(tx, orderid);
      if (!request || !order)
        throw new OrderNotFoundForProcessingError(`Refresh ${refreshRequestId} of ${orderid} not found`);
      if (request.appliedAt) {
        const applied = await this.orders.findRefreshNotification(tx, orderid, request.appliedAt);
        return {
          order,
          version: applied?.version ?? order.version,
          notificationId: applied?.notificationId ?? null,
        };
      }
      const fromState = order.state;
      const changes: Partial<OrderEntity> = {
        state: 'need-refresh',
        version: order.version + 1,
        refreshed: true,
        updatedAt: at,
        allDuePaid: request.allDuePaid,
        method: request.method,
        missingDoctypes: [],
        doneAt: null,
        // A new collection round, routed again by the workflow: whatever handed the previous one to
        // operators (or an operator's cancellation) is for it to find again.
        fulfilmentMode: null,
        assistanceReason: null,
        assistanceDetail: null,
        assistedSince: null,
        cancelledAt: null,
        cancelReason: null,
      };
      if (request.syndicPasswordSealed) {
        Object.assign(changes, {
          syndicName: request.syndicName,
          syndicUsername: request.syndicUsername,
          syndicPasswordSealed: request.syndicPasswordSealed,
          syndicUrl: request.syndicUrl,
        });
      }
      await this.orders.update(tx, orderid, changes);
      // Uploaded documents stay the client's: they carry over to the new collection round.
      await this.documents.carryUploadsOver(tx, orderid, order.version, order.version + 1);
      await this.refreshRequests.markApplied(tx, request.id, at);
      await this.orders.insertEvent(tx, {
        orderid,
        fromState,
        toState: 'need-refresh',
        trigger: 'refresh-requested',
        detail: { comment: request.comment, all_due_paid: request.allDuePaid, method: request.method },
        at,
      });
      const notificationId = await this.orders.insertNotification(
        tx,
        orderid,
        'need-refresh',
        order.version + 1,
        at,
      );
      Object.assign(order, changes);
      return { order, version: order.version, notificationId };
    });
    // After the commit, on a run again too: the previous round's attachments left pending go.
    await this.attachments.discardSuperseded(orderid, result.order.version);
    const account = await this.accounts.findById(result.order.accountId);
    return {
      record: toOrderRecord(result.order, account?.email ?? ''),
      version: result.version,
      notificationId: result.notificationId,
    };
  }
}
