import { DomainError } from '../domain/domain-error';
import { isOrderId } from '../domain/order-id';
import { type AuthenticatedAccount } from '../orders/authenticated-account';
import { type OrderRepository } from '../persistence/repositories/order.repository';
import { type NotificationLog, toNotificationLogEntry } from './notification-log-entry';
import { type NotificationRepository } from './notification.repository';

/** `GET /order/<orderid>/notifications`: the order's notifications and every attempt, oldest first. */
export class NotificationLogService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly notifications: NotificationRepository,
  ) {}

  async list(caller: AuthenticatedAccount, orderid: string): Promise<NotificationLog> {
    const order = isOrderId(orderid) ? await this.orders.findForAccount(orderid, caller.accountId) : null;
    if (!order) throw new DomainError('order_not_found');
    const log = await this.notifications.listForOrder(orderid);
    return { notifications: log.map(toNotificationLogEntry) };
  }
}
