import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { type FulfilmentGateway } from '@libs/fulfilment/fulfilment-gateway';
import { OperatorActionRecorder } from '@libs/fulfilment/operator-action.recorder';
import { OperatorActionsService } from '@libs/fulfilment/operator-actions.service';
import { OperatorAuditRepository } from '@libs/fulfilment/operator-audit.repository';
import { OperatorOrderQuery } from '@libs/fulfilment/operator-order.query';
import { NotificationRedeliveryService } from '@libs/notifications/notification-redelivery.service';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { OperatorAuthenticationService } from '@libs/operators/operator-authentication.service';
import { OperatorRepository } from '@libs/operators/operator.repository';
import { UnknownEmailLockoutRepository } from '@libs/operators/unknown-email-lockout.repository';
import { OperatorSessionRepository } from '@libs/operators/operator-session.repository';
import { OperatorSessionService } from '@libs/operators/operator-session.service';
import { FormDraftRepository } from '@libs/operators/form-draft.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { OrderRepository } from '@libs/orders/order.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AppConfig } from '@libs/platform/config/app-config';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { PasswordHasher } from '@libs/security/password-hasher';
import { SecretBox } from '@libs/security/secret-box';
import { NotificationsModule } from '../notifications/notifications.module';
import { OrdersModule } from '../orders/orders.module';
import { APP_CONFIG } from '../platform/config.module';
import { construct } from '../platform/injection';
import { DOCUMENT_STORE } from '../platform/storage.module';
import { FULFILMENT_GATEWAY } from '../platform/temporal.module';
import { ConsoleAssetsController } from './console-assets.controller';
import { ConsoleLoginController } from './console-login.controller';
import { ConsoleOrderFilesController } from './console-order-files.controller';
import { ConsoleOrderController } from './console-order.controller';
import { ConsoleFormInterceptor } from './http/console-form.interceptor';
import { ConsoleFormDrafts } from './session/console-form-drafts';
import { ConsoleViews } from './views/console-views';
import { OrderPageRenderer } from './views/order-page.renderer';
import { WorkQueueController } from './work-queue.controller';

/**
 * The operator console (docs/contract.md §9): French pages under /console for the provider's staff, with
 * their own accounts and sessions (separate from client accounts and API keys), over the same services
 * as the API. Every console controller answers errors as pages (ConsoleExceptionFilter).
 */
@Module({
  imports: [OrdersModule, NotificationsModule],
  controllers: [
    ConsoleAssetsController,
    ConsoleLoginController,
    WorkQueueController,
    ConsoleOrderFilesController,
    ConsoleOrderController,
  ],
  providers: [
    {
      provide: ConsoleViews,
      useFactory: (config: AppConfig) => new ConsoleViews({ cache: config.mode === 'production' }),
      inject: [APP_CONFIG],
    },
    {
      provide: OperatorSessionService,
      useFactory: (sessions: OperatorSessionRepository, config: AppConfig) =>
        new OperatorSessionService(
          sessions,
          parseEncryptionKeys(config.security.encryptionKeys),
          config.console,
        ),
      inject: [OperatorSessionRepository, APP_CONFIG],
    },
    {
      provide: OperatorAuthenticationService,
      useFactory: (
        operators: OperatorRepository,
        transactions: TransactionRunner,
        passwords: PasswordHasher,
        secretBox: SecretBox,
        sessions: OperatorSessionService,
        config: AppConfig,
      ) =>
        new OperatorAuthenticationService(
          operators,
          new UnknownEmailLockoutRepository(parseEncryptionKeys(config.security.encryptionKeys)),
          transactions,
          passwords,
          secretBox,
          sessions,
          config.console,
        ),
      inject: [
        OperatorRepository,
        TransactionRunner,
        PasswordHasher,
        SecretBox,
        OperatorSessionService,
        APP_CONFIG,
      ],
    },
    {
      provide: APP_INTERCEPTOR,
      useFactory: (reflector: Reflector, sessions: OperatorSessionService, config: AppConfig) =>
        new ConsoleFormInterceptor(reflector, sessions, config.http),
      inject: [Reflector, OperatorSessionService, APP_CONFIG],
    },
    construct(OperatorActionRecorder, [
      TransactionRunner,
      OrderRepository,
      StoredDocumentRepository,
      OperatorAuditRepository,
    ]),
    {
      provide: OperatorActionsService,
      useFactory: (
        orders: OrderRepository,
        documents: StoredDocumentRepository,
        workflows: FulfilmentGateway,
        writer: UploadedDocumentWriter,
        recorder: OperatorActionRecorder,
        redeliveries: NotificationRedeliveryService,
        secretBox: SecretBox,
      ) =>
        new OperatorActionsService(orders, documents, workflows, writer, recorder, redeliveries, secretBox),
      inject: [
        OrderRepository,
        StoredDocumentRepository,
        FULFILMENT_GATEWAY,
        UploadedDocumentWriter,
        OperatorActionRecorder,
        NotificationRedeliveryService,
        SecretBox,
      ],
    },
    construct(FormDraftRepository, [DataSource]),
    construct(ConsoleFormDrafts, [FormDraftRepository]),
    construct(OperatorOrderQuery, [
      OrderRepository,
      StoredDocumentRepository,
      NotificationRepository,
      PreStatementRepository,
      OperatorAuditRepository,
      DOCUMENT_STORE,
    ]),
    {
      provide: OrderPageRenderer,
      useFactory: (orders: OperatorOrderQuery, views: ConsoleViews, config: AppConfig) =>
        new OrderPageRenderer(orders, views, {
          origin: config.codec.uiOrigin,
          namespace: config.temporal.namespace,
        }),
      inject: [OperatorOrderQuery, ConsoleViews, APP_CONFIG],
    },
  ],
})
export class ConsoleModule {}
