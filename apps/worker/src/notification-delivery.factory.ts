import { log } from '@temporalio/activity';
import { type DataSource } from 'typeorm';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type Mailer } from '@libs/platform/mail/mailer';
import { FailingEndpointAlertService } from '@libs/notifications/alerts/failing-endpoint-alert.service';
import { createNotificationDeliveryService } from '@libs/notifications/delivery/notification-delivery.factory';
import { type NotificationDeliveryService } from '@libs/notifications/delivery/notification-delivery.service';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { CallbackAlertRepository } from '@libs/notifications/alerts/callback-alert.repository';
import { renderSpecimenPreStatement } from '@libs/pre-statement/specimen-pre-statement';
import { type SecurityServices } from '@libs/security/security-services.factory';

interface NotificationDeliveryDependencies {
  config: AppConfig;
  dataSource: DataSource;
  mailer: Mailer;
}

/** Signed, logged webhook delivery as the activities use it, with the failing-endpoint alert. */
export function createNotificationDelivery(
  options: NotificationDeliveryDependencies & { security: SecurityServices; documentStore: DocumentStore },
): NotificationDeliveryService {
  const { config, dataSource } = options;
  return createNotificationDeliveryService({
    config,
    dataSource,
    secretBox: options.security.secretBox,
    documentStore: options.documentStore,
    specimenPdf: () => renderSpecimenPreStatement('SPECIM', '', new Date()),
    // Runs inside the delivery activity: its logger carries the workflow and activity ids.
    observer: createFailingEndpointAlerts(options, (message) => log.warn(message)),
  });
}

/** The failing-endpoint alert, warning through `warn` when it cannot be handled. */
export function createFailingEndpointAlerts(
  { config, dataSource, mailer }: NotificationDeliveryDependencies,
  warn: (message: string) => void,
): FailingEndpointAlertService {
  return new FailingEndpointAlertService(
    new CallbackAlertRepository(dataSource),
    new NotificationRepository(dataSource),
    mailer,
    {
      alertAfterMs: config.webhooks.failureAlertAfterMs,
      retryDeadlineMs: config.lifecycle.notificationDeadlineMs,
    },
    warn,
  );
}
