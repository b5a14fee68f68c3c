import { Module } from '@nestjs/common';
import { NotificationLogService } from '@libs/notifications/log/notification-log.service';
import { NotificationRedeliveryService } from '@libs/notifications/notification-redelivery.service';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { TestNotificationService } from '@libs/notifications/test-notification.service';
import { OrderOwnership } from '@libs/orders/order-ownership';
import { OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { construct } from '../platform/injection';
import { NOTIFICATION_WORKFLOW_STARTER } from '../platform/temporal.module';
import { OrdersModule } from '../orders/orders.module';
import { OrderNotificationController } from './order-notification.controller';
import { TestWebhookEventController } from './test-webhook-event.controller';

/** An order's delivery log, redeliveries and test events. */
@Module({
  imports: [OrdersModule],
  controllers: [TestWebhookEventController, OrderNotificationController],
  providers: [
    construct(NotificationLogService, [OrderOwnership, NotificationRepository]),
    construct(NotificationRedeliveryService, [
      OrderOwnership,
      NotificationRepository,
      NOTIFICATION_WORKFLOW_STARTER,
      OrderWorkflowRelay,
    ]),
    construct(TestNotificationService, [
      OrderOwnership,
      NotificationRepository,
      NOTIFICATION_WORKFLOW_STARTER,
      OrderWorkflowRelay,
    ]),
  ],
  exports: [NotificationRedeliveryService],
})
export class NotificationsModule {}
