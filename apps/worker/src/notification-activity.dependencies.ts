import { type DataSource } from 'typeorm';
import { type NotificationActivityDependencies } from '@activities/notification.activities';
import { type Mailer } from '@libs/platform/mail/mailer';
import { OrderConfirmationMailService } from '@libs/orders/confirmation-email/order-confirmation-mail.service';
import { AccountRepository } from '@libs/accounts/account.repository';
import { OrderRepository } from '@libs/orders/order.repository';

/** Builds the services the notification activities adapt; shared by the worker process and the tests. */
export function createNotificationActivityDependencies(options: {
  dataSource: DataSource;
  mailer: Mailer;
  notifications: NotificationActivityDependencies['notifications'];
}): NotificationActivityDependencies {
  const { dataSource } = options;
  return {
    notifications: options.notifications,
    confirmations: new OrderConfirmationMailService(
      new OrderRepository(dataSource),
      new AccountRepository(dataSource),
      options.mailer,
    ),
  };
}
