import { type OrderOwnership } from '@libs/orders/order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderState } from '@libs/orders/order-state';
import { isUuid } from '@libs/platform/uuid';
import { type OrderCaller } from '@libs/orders/order-caller';
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
 */
export class NotificationRedeliveryService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly notifications: NotificationRepository,
    private readonly workflows: NotificationWorkflowStarter,
  ) {}

  async redeliver(caller: OrderCaller, orderid: string, notificationId: string): Promise<RedeliveryReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    const notification = isUuid(notificationId)
      ? await this.notifications.findForOrder(notificationId.toLowerCase(), orderid)
      : null;
    if (!notification) throw new DomainError('notification_not_found');
    const afterAttemptId = await this.notifications.lastAttemptId(notification.id);
    try {
      await this.workflows.startRedelivery(
        {
          notificationId: notification.id,
          orderid,
          account: await this.ownership.accountEmailOf(caller, order),
        },
        afterAttemptId,
      );
    } catch (error) {
      throw new DomainError('dependency_unavailable', {}, undefined, error);
    }
    return { id: notification.id, orderid, status: notification.status };
  }
}
