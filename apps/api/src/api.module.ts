import { type DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { type Connection } from '@temporalio/client';
import { type RequestHandler } from 'express';
import { type DataSource } from 'typeorm';
import { AccountAuthenticationService } from '@libs/accounts/account-authentication.service';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type NotificationWorkflowStarter } from '@libs/notifications/notification-workflow-starter';
import { type ConfirmationEmailStarter } from '@libs/orders/confirmation-email/confirmation-email-starter';
import { OrderCreationService } from '@libs/orders/creation/order-creation.service';
import { OrderDocumentUploadService } from '@libs/orders/documents/order-document-upload.service';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { OrderOwnership } from '@libs/orders/order-ownership';
import { OrderQueryService } from '@libs/orders/queries/order-query.service';
import { OrderRefreshService } from '@libs/orders/refresh/order-refresh.service';
import { type OrderWorkflowGateway } from '@libs/orders/refresh/order-workflow-gateway';
import { DEFAULT_RELAY_OPTIONS, OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { type OrderWorkflowStarter } from '@libs/orders/workflow-starts/order-workflow-starter';
import { PreStatementDownloadService } from '@libs/orders/documents/pre-statement-download.service';
import { UnstartedOrderSweep } from '@libs/orders/workflow-starts/unstarted-order-sweep';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { IdempotencyKeyRepository } from '@libs/orders/creation/idempotency-key.repository';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UnstartedOrderRepository } from '@libs/orders/workflow-starts/unstarted-order.repository';
import { type SecurityServices } from '@libs/security/security-services.factory';
import { AccountAuthController } from './auth/account-auth.controller';
import { DocumentLinkController } from './documents/document-link.controller';
import { notificationApiProviders } from './notifications/notification-api.providers';
import { TestWebhookEventController } from './notifications/test-webhook-event.controller';
import { ApiAuthGuard } from './auth/api-auth.guard';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { JsonBodyInterceptor } from './http/json-body.interceptor';
import { requestIdMiddleware } from './http/request-id.middleware';
import { RequestsInFlight } from './http/requests-in-flight';
import { MetricsController } from './metrics/metrics.controller';
import { metricsProviders } from './metrics/metrics.providers';
import { OpenApiController } from './openapi/openapi.controller';
import { openApiProviders } from './openapi/openapi.providers';
import { OrderDocumentController } from './orders/order-document.controller';
import { OrderNotificationController } from './orders/order-notification.controller';
import { OrderRefreshController } from './orders/order-refresh.controller';
import { OrderController } from './orders/order.controller';
import { OrderWorkflowStartsLifecycle } from './orders/order-workflow-starts.lifecycle';
import { LoginThrottle } from '@libs/accounts/login-throttle';
import { type AppLogger, createAppLogger } from '@libs/platform/logging/app-logger';
import { CodecController } from './codec/codec.controller';
import { codecProviders } from './codec/codec.providers';
import { HTTP_SECURITY_MIDDLEWARES, httpSecurityMiddlewares } from './http/http-security';
import { ApiKeyRateLimit } from './auth/api-key-rate-limit';
import { MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';

/** What the API is built from; made by the bootstrap (or a test) and handed to the module. */
export interface ApiDependencies {
  config: AppConfig;
  dataSource: DataSource;
  temporalConnection: Connection;
  /** Order workflows, started after the order's commit by the relay (or the recovery sweep). */
  workflowStarter: OrderWorkflowStarter;
  /** Refresh updates and upload signals to running order workflows. */
  workflowGateway: OrderWorkflowGateway;
  /** Where uploaded documents are written and pre-statements read. */
  documentStore: DocumentStore;
  security: SecurityServices;
  /** JSON logs (pino); made from the configuration when not given. */
  logger?: AppLogger;
  /** Redeliveries and test events: one notification delivered by its own workflow. */
  notificationWorkflows: NotificationWorkflowStarter;
  /** Live orders' confirmation emails. */
  confirmationEmails: ConfirmationEmailStarter;
}

// Controllers with static `/order/<word>` routes come before those with `/order/:orderid` routes.
export const API_CONTROLLERS = [
  AccountAuthController,
  OrderRefreshController,
  TestWebhookEventController,
  OrderNotificationController,
  OrderDocumentController,
  OrderController,
  HealthController,
  MetricsController,
  OpenApiController,
  CodecController,
  DocumentLinkController,
];

@Module({})
export class ApiModule implements NestModule {
  constructor(
    @Inject(HTTP_SECURITY_MIDDLEWARES) private readonly httpSecurity: RequestHandler[],
    @Inject(RequestsInFlight) private readonly requestsInFlight: RequestsInFlight,
  ) {}

  static register(deps: ApiDependencies): DynamicModule {
    const { dataSource, security } = deps;
    const accounts = new AccountRepository(dataSource);
    const apiKeys = new ApiKeyRepository(dataSource);
    const orders = new OrderRepository(dataSource);
    const ownership = new OrderOwnership(orders);
    const idempotencyKeys = new IdempotencyKeyRepository(dataSource);
    const uploads = new UploadedDocumentWriter(new StoredDocumentRepository(dataSource), deps.documentStore);
    const logger = deps.logger ?? createAppLogger({ ...deps.config.logging, service: 'api' });
    const unstartedOrders = new UnstartedOrderRepository(dataSource);
    const requestsInFlight = new RequestsInFlight(deps.config.orderStarts.busyRequests);
    const relay = new OrderWorkflowRelay(
      deps.workflowStarter,
      deps.confirmationEmails,
      unstartedOrders,
      logger,
      { ...DEFAULT_RELAY_OPTIONS, maxDeferMs: deps.config.orderStarts.maxDeferMs },
      requestsInFlight,
    );
    const sweep = new UnstartedOrderSweep(relay, unstartedOrders, logger, deps.config.orderStarts);
    // One set of buckets: per IP in the middleware, per API key in the guard.
    const rateLimiter = new MemoryRateLimiter();
    return {
      module: ApiModule,
      controllers: API_CONTROLLERS,
      providers: [
        { provide: RequestsInFlight, useValue: requestsInFlight },
        {
          provide: AccountAuthenticationService,
          useValue: new AccountAuthenticationService(
            accounts,
            apiKeys,
            security.passwords,
            security.tokens,
            new LoginThrottle({
              failuresBeforeDelay: deps.config.rateLimit.loginFailuresBeforeDelay,
              maxDelayMs: deps.config.rateLimit.loginDelayMaxMs,
            }),
          ),
        },
        {
          provide: OrderCreationService,
          useValue: new OrderCreationService(
            new TransactionRunner(dataSource),
            orders,
            idempotencyKeys,
            security.secretBox,
            security.requestFingerprints,
            uploads,
            relay,
          ),
        },
        { provide: OrderQueryService, useValue: new OrderQueryService(ownership, orders) },
        {
          provide: OrderRefreshService,
          useValue: new OrderRefreshService(
            ownership,
            new OrderRefreshRequestRepository(dataSource),
            security.secretBox,
            deps.workflowGateway,
            relay,
          ),
        },
        {
          provide: OrderDocumentUploadService,
          useValue: new OrderDocumentUploadService(ownership, uploads, deps.workflowGateway, relay),
        },
        {
          provide: PreStatementDownloadService,
          useValue: new PreStatementDownloadService(
            ownership,
            new PreStatementRepository(dataSource),
            deps.documentStore,
            new StoredDocumentRepository(dataSource),
          ),
        },
        { provide: OrderWorkflowRelay, useValue: relay },
        { provide: UnstartedOrderSweep, useValue: sweep },
        { provide: OrderWorkflowStartsLifecycle, useValue: new OrderWorkflowStartsLifecycle(relay, sweep) },
        {
          provide: HealthService,
          useValue: new HealthService(
            dataSource,
            deps.temporalConnection,
            deps.config.http.healthCheckTimeoutMs,
          ),
        },
        ...codecProviders(deps.config),
        {
          provide: HTTP_SECURITY_MIDDLEWARES,
          useValue: httpSecurityMiddlewares(deps.config, logger, rateLimiter),
        },
        { provide: ApiKeyRateLimit, useValue: new ApiKeyRateLimit(rateLimiter, deps.config.rateLimit) },
        ...notificationApiProviders(deps),
        ...metricsProviders(deps),
        ...openApiProviders(),
        { provide: APP_GUARD, useClass: ApiAuthGuard },
        {
          provide: APP_INTERCEPTOR,
          useFactory: (reflector: Reflector) => new JsonBodyInterceptor(reflector, deps.config.http),
          inject: [Reflector],
        },
      ],
    };
  }

  // No body is read here: routes read theirs after authentication (JsonBodyInterceptor).
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(this.requestsInFlight.middleware, requestIdMiddleware, ...this.httpSecurity)
      .forRoutes('*');
  }
}
