import { type OrderOwnership } from '@libs/orders/order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderState } from '@libs/orders/order-state';
import { isUuid } from '@libs/platform/uuid';
import { type OrderCaller } from '@libs/orders/order-caller';
import { type OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { callbackUrlOf } from './delivery/callback-url';
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
 * it follows them. With no callback URL, neither the order's nor its account's, nothing could be sent:
 * 409 `no_callback_url`.
 */
export class NotificationRedeliveryService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly notifications: NotificationRepository,
    private readonly workflows: NotificationWorkflowStarter,
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
  ) {}

  /**
   * `onceQueued` runs once the redelivery is known to be on its way (Temporal took its start, or the
   * order's queue the signal to try now), before the answer: the console audits there, so that no
   * refused request, and none Temporal did not take (503), leaves an entry saying it was sent.
   */
  async redeliver(
    caller: OrderCaller,
    orderid: string,
    notificationId: string,
    onceQueued?: (notificationId: string) => Promise<void>,
  ): Promise<RedeliveryReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    const notification = isUuid(notificationId)
      ? await this.notifications.findForOrder(notificationId.toLowerCase(), orderid)
      : null;
    if (!notification) throw new DomainError('notification_not_found');
    // Sent again, it would only be not sent again: refused before anything is started.
    const target = await this.notifications.findDeliveryTarget(notification.id);
    if (target?.order && target.account && callbackUrlOf(target.order, target.account) === null) {
      throw new DomainError('no_callback_url');
    }
    const account = await this.ownership.accountEmailOf(caller, order);
    // The creation's `confirmed` is queued by the order's workflow: started first, it comes first.
    await this.starts.ensureStarted(order, account);
    // One not sent (no callback URL) is settled too: its order's queue went on without it.
    const settled =
      notification.deliveredAt !== null || notification.failedAt !== null || notification.notSentAt !== null;
    try {
      const queueRetried =
        !settled &&
        (await this.notifications.hasEarlierUnsettled(notification)) &&
        (await this.workflows.retryQueueNow(orderid));
      if (!queueRetried) {
        const afterAttemptId = await this.notifications.lastAttemptId(notification.id);
        await this.workflows.startRedelivery(
          { notificationId: notification.id, orderid, account },
          afterAttemptId,
        );
      }
    } catch (error) {
      throw new DomainError('dependency_unavailable', {}, undefined, error);
    }
    await onceQueued?.(notification.id);
    return { id: notification.id, orderid, status: notification.status };
  }
}
