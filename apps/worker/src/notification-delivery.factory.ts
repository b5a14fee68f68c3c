import { type DataSource } from 'typeorm';
import { type OrderActivityDependencies } from '../../../activities/order.activities';
import { type AppConfig } from '../../../libs/config/app-config';
import { type DocumentStore } from '../../../libs/documents/document-store';
import { createNotificationDeliveryService } from '../../../libs/notifications/notification-delivery.factory';
import { renderSpecimenPreStatement } from '../../../libs/pre-statement/specimen-pre-statement';
import { type SecurityServices } from '../../../libs/security/security-services.factory';

/** Signed, logged webhook delivery as the order activities use it. */
export function createNotificationDelivery(options: {
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  documentStore: DocumentStore;
}): OrderActivityDependencies['notifications'] {
  return createNotificationDeliveryService({
    config: options.config,
    dataSource: options.dataSource,
    secretBox: options.security.secretBox,
    documentStore: options.documentStore,
    specimenPdf: () => renderSpecimenPreStatement('SPECIM', '', new Date()),
    callbackAllowlist: options.config.webhooks.callbackAllowlist,
  });
}
