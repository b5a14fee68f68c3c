import { type DataSource } from 'typeorm';
import { type NotificationActivityDependencies } from '../../../activities/notification.activities';
import { type Mailer } from '../../../libs/mail/mailer';
import { OrderConfirmationMailService } from '../../../libs/mail/order-confirmation-mail.service';
import { AccountRepository } from '../../../libs/persistence/repositories/account.repository';
import { OrderRepository } from '../../../libs/persistence/repositories/order.repository';

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
