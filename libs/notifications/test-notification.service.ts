import { type OrderOwnership } from '@libs/orders/order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderState } from '@libs/orders/order-state';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { type NotificationRepository } from './notification.repository';
import { type NotificationWorkflowStarter } from './notification-workflow-starter';

/**
 * The answer of a test event. A class so that the API documents this very shape (describeSchema); the code
 * builds plain objects of it.
 */
export class TestNotificationReceipt {
  event!: OrderState;
  notification_id!: string;
  orderid!: string;
}

/**
 * `POST /test/webhook-events`: a notification of the asked status for a test-mode order, through the
 * real pipeline (signed, retried, logged), without touching the order's state. A `done` carries the
 * order's pre-statement when it has one, a specimen otherwise.
 */
export class TestNotificationService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly notifications: NotificationRepository,
    private readonly workflows: NotificationWorkflowStarter,
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
  ) {}

  async send(
    caller: AuthenticatedAccount,
    orderid: string,
    event: OrderState,
  ): Promise<TestNotificationReceipt> {
    const order = await this.ownership.orderOf(caller, orderid);
    if (!order.testMode) throw new DomainError('test_mode_only');
    // The order's workflow queues the creation's `confirmed`, the first notification of every order:
    // started before this one is queued.
    await this.starts.ensureStarted(order, caller.email);
    // Committed before it is queued, so its first attempt always finds the row.
    const notificationId = await this.notifications.create({
      orderid,
      status: event,
      orderVersion: order.version,
      test: true,
    });
    try {
      await this.workflows.enqueue({ notificationId, orderid, account: caller.email });
    } catch (error) {
      await this.notifications.discard(notificationId);
      throw new DomainError('dependency_unavailable', {}, undefined, error);
    }
    return { event, notification_id: notificationId, orderid };
  }
}
