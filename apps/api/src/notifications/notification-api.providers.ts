import { type Provider } from '@nestjs/common';
import { DocumentLinkService } from '@libs/notifications/document-links/document-link.service';
import { createDocumentLinkSigner } from '@libs/notifications/delivery/notification-delivery.factory';
import { NotificationLogService } from '@libs/notifications/log/notification-log.service';
import { NotificationRedeliveryService } from '@libs/notifications/notification-redelivery.service';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { TestNotificationService } from '@libs/notifications/test-notification.service';
import { OrderOwnership } from '@libs/orders/order-ownership';
import { OrderRepository } from '@libs/orders/order.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { type ApiDependencies } from '../api.module';

/** The services behind the delivery log, redelivery, test events and signed document links. */
export function notificationApiProviders(deps: ApiDependencies): Provider[] {
  const { dataSource } = deps;
  const orders = new OrderOwnership(new OrderRepository(dataSource));
  const notifications = new NotificationRepository(dataSource);
  return [
    { provide: NotificationLogService, useValue: new NotificationLogService(orders, notifications) },
    {
      provide: NotificationRedeliveryService,
      useValue: new NotificationRedeliveryService(orders, notifications, deps.notificationWorkflows),
    },
    {
      provide: TestNotificationService,
      useValue: new TestNotificationService(orders, notifications, deps.notificationWorkflows),
    },
    {
      provide: DocumentLinkService,
      useValue: new DocumentLinkService(
        createDocumentLinkSigner(deps.config),
        new StoredDocumentRepository(dataSource),
        deps.documentStore,
      ),
    },
  ];
}
