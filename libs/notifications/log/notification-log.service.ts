import { type OrderOwnership } from '@libs/orders/order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';
import { type OrderCaller } from '@libs/orders/order-caller';
import { decodeNotificationLogCursor, encodeNotificationLogCursor } from './notification-log-cursor';
import { type NotificationLog, toNotificationLogEntry } from './notification-log-entry';
import { type NotificationRepository } from '../notification.repository';

export interface NotificationLogRequest {
  limit: number;
  /** The previous page's `next_cursor`. */
  cursor: string | null;
}

/**
 * `GET /order/<orderid>/notifications`: the order's notifications and every attempt, oldest first, a
 * page at a time (test events can give one order any number of notifications).
 */
export class NotificationLogService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly notifications: NotificationRepository,
  ) {}

  async list(
    caller: OrderCaller,
    orderid: string,
    request: NotificationLogRequest,
  ): Promise<NotificationLog> {
    await this.ownership.orderOf(caller, orderid);
    const afterId = request.cursor === null ? null : decodeNotificationLogCursor(request.cursor);
    // A cursor from another order's log (or made up) would silently give an empty page.
    if (afterId !== null && !(await this.notifications.findForOrder(afterId, orderid))) {
      throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.cursor());
    }
    // One extra row tells whether another page exists without a count query.
    const rows = await this.notifications.listForOrder(orderid, { limit: request.limit + 1, afterId });
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    return {
      next_cursor:
        rows.length > request.limit && last ? encodeNotificationLogCursor(last.notification.id) : null,
      notifications: page.map(toNotificationLogEntry),
    };
  }
}
