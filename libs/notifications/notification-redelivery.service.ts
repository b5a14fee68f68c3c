import { type OrderOwnership } from '@libs/orders/order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderState } from '@libs/orders/order-state';
import { isUuid } from '@libs/platform/uuid';
import { type OrderCaller } from '@libs/orders/order-caller';
import { type OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { type NotificationRepository } from './notification.repository';
import { type NotificationWorkflowStarter } from './notification-workflow-starter';

/**
 * The answer of a redelivery. A class so that the API documents this very shape (describeSchema); the code
 * builds plain objects of it.
 */
export class RedeliveryReceipt {
  id!: string;
  orderid!: string;
  status!: OrderState;
}

/**
 * `POST /order/<orderid>/notifications/<id>/redeliver`: sends one notification again now, with the
 * same `webhook-id`, durably (a workflow with the usual retry schedule). Answers once it is started.
 * A notification still queued behind earlier ones of its order is not sent around them (the client
 * would get the state changes out of order): the order's queue is asked to try again now instead, and
 * it follows them.
 */
export class NotificationRedeliveryService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly notifications: NotificationRepository,
    private readonly workflows: NotificationWorkflowStarter,
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
  ) {}

  /**
   * `beforeSending` runs once the notification is known to be the order's, before anything is sent:
   * the console audits there, so that no refused request leaves an entry.
   */
  async redeliver(
    caller: OrderCaller,
    orderid: string,
    notificationId: string,
    beforeSending?: (notificationId: string) => Promise<void>,
  ): Promise<RedeliveryReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    const notification = isUuid(notificationId)
      ? await this.notifications.findForOrder(notificationId.toLowerCase(), orderid)
      : null;
    if (!notification) throw new DomainError('notification_not_found');
    await beforeSending?.(notification.id);
    const account = await this.ownership.accountEmailOf(caller, order);
    // The creation's `confirmed` is queued by the order's workflow: started first, it comes first.
    await this.starts.ensureStarted(order, account);
    const receipt = { id: notification.id, orderid, status: notification.status };
    // One not sent (no callback URL) is settled too: its order's queue went on without it.
    const settled =
      notification.deliveredAt !== null || notification.failedAt !== null || notification.notSentAt !== null;
    try {
      if (!settled && (await this.notifications.hasEarlierUnsettled(notification))) {
        if (await this.workflows.retryQueueNow(orderid)) return receipt;
      }
      const afterAttemptId = await this.notifications.lastAttemptId(notification.id);
      await this.workflows.startRedelivery(
        { notificationId: notification.id, orderid, account },
        afterAttemptId,
      );
    } catch (error) {
      throw new DomainError('dependency_unavailable', {}, undefined, error);
    }
    return receipt;
  }
}
