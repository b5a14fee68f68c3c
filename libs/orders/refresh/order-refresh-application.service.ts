import { type DataSource } from 'typeorm';
import { type AccountRepository } from '@libs/accounts/account.repository';
import { OrderRefreshRequestEntity } from '@libs/persistence/entities/order-refresh-request.entity';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { type OrderRepository } from '../order.repository';
import { type OrderRecord, toOrderRecord } from '../order-record';
import { OrderNotFoundForProcessingError } from '../collection/order-processing.errors';

export interface AppliedRefresh {
  record: OrderRecord;
  version: number;
  notificationId: string | null;
}

/**
 * Applies a refresh the API stored: new parameters and credentials onto the order, a new collection
 * version, the `need-refresh` transition with its event (the comment kept in the history) and its
 * notification. Idempotent: a request applied before returns the order as it is.
 */
export class OrderRefreshApplicationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async apply(orderid: string, refreshRequestId: string, at: Date): Promise<AppliedRefresh> {
    const result = await this.dataSource.transaction(async (manager) => {
      const request = await manager.findOneBy(OrderRefreshRequestEntity, { id: refreshRequestId, orderid });
      const order = await manager.findOne(OrderEntity, {
        where: { orderid },
        lock: { mode: 'pessimistic_write' },
      });
      if (!request || !order)
        throw new OrderNotFoundForProcessingError(`Refresh ${refreshRequestId} of ${orderid} not found`);
      if (request.appliedAt) return { order, notificationId: null };
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
        // A new collection round: whatever blocked the previous one is for it to find again.
        collectionBlockedReason: null,
        collectionBlockedDetail: null,
        collectionBlockedAt: null,
      };
      if (request.syndicPasswordSealed) {
        Object.assign(changes, {
          syndicName: request.syndicName,
          syndicUsername: request.syndicUsername,
          syndicPasswordSealed: request.syndicPasswordSealed,
          syndicUrl: request.syndicUrl,
        });
      }
      await manager.update(OrderEntity, { orderid }, changes);
      // Uploaded documents stay the client's: they carry over to the new collection round.
      await manager.query(
        `INSERT INTO documents (orderid, order_version, source, source_ref, doctype, title, filename, document_date,
                                mimetype, size, sha256, storage_key)
         SELECT orderid, $2, source, source_ref, doctype, title, filename, document_date, mimetype, size, sha256, storage_key
           FROM documents WHERE orderid = $1 AND order_version = $3 AND source = 'upload'
         ON CONFLICT DO NOTHING`,
        [orderid, order.version + 1, order.version],
      );
      await manager.update(OrderRefreshRequestEntity, { id: request.id }, { appliedAt: at });
      await this.orders.insertEvent(manager, {
        orderid,
        fromState,
        toState: 'need-refresh',
        trigger: 'refresh-requested',
        detail: { comment: request.comment, all_due_paid: request.allDuePaid, method: request.method },
        at,
      });
      const notificationId = await this.orders.insertNotification(
        manager,
        orderid,
        'need-refresh',
        order.version + 1,
        at,
      );
      Object.assign(order, changes);
      return { order, notificationId };
    });
    const account = await this.accounts.findById(result.order.accountId);
    return {
      record: toOrderRecord(result.order, account?.email ?? ''),
      version: result.order.version,
      notificationId: result.notificationId,
    };
  }
}
