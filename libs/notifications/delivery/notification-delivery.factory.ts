import { type DataSource } from 'typeorm';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type SecretBox } from '@libs/security/secret-box';
import { type DeliveryAttemptObserver } from './delivery-attempt-observer';
import { DocumentLinkSigner } from '../document-links/document-link.signer';
import { NotificationContentRepository } from './notification-content.repository';
import { NotificationDeliveryService } from './notification-delivery.service';
import { NotificationPayloadBuilder } from './notification-payload.builder';
import { NotificationRepository } from '../notification.repository';
import { createOutboundHttpClient } from '@libs/platform/outbound/outbound-http-client.factory';
import { WebhookSender } from './webhook-sender';

export interface NotificationDeliveryFactoryOptions {
  config: Pick<AppConfig, 'outbound' | 'lifecycle' | 'http' | 'security'>;
  dataSource: DataSource;
  secretBox: SecretBox;
  documentStore: DocumentStore;
  /** The specimen PDF of test `done` notifications of orders without a pre-statement. */
  specimenPdf?: () => Promise<Buffer>;
  /** Told of every attempt (the failing-endpoint alert). */
  observer?: DeliveryAttemptObserver;
  /** Told of notifications settled without an attempt (no callback URL). */
  info?: (message: string) => void;
}

/** The delivery service wired from the configuration, as the worker runs it. */
export function createNotificationDeliveryService(
  options: NotificationDeliveryFactoryOptions,
): NotificationDeliveryService {
  const { config, dataSource } = options;
  const callbacks = createOutboundHttpClient({
    purpose: 'callback',
    policy: config.outbound,
    timeoutMs: config.lifecycle.notificationTimeoutMs,
  });
  return new NotificationDeliveryService(
    new NotificationRepository(dataSource),
    new NotificationPayloadBuilder(
      new NotificationContentRepository(dataSource),
      options.documentStore,
      DocumentLinkSigner.fromConfig(config),
      options.specimenPdf ?? null,
    ),
    new WebhookSender(callbacks, { timeoutMs: config.lifecycle.notificationTimeoutMs }),
    options.secretBox,
    options.observer ?? null,
    options.info,
  );
}
