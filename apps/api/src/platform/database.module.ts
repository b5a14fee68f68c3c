import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { OperatorAuditRepository } from '@libs/fulfilment/operator-audit.repository';
import { WorkQueueRepository } from '@libs/fulfilment/work-queue.repository';
import { NotificationRepository } from '@libs/notifications/notification.repository';
import { OperatorRepository } from '@libs/operators/operator.repository';
import { OperatorSessionRepository } from '@libs/operators/operator-session.repository';
import { IdempotencyKeyRepository } from '@libs/orders/creation/idempotency-key.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { UnstartedOrderRepository } from '@libs/orders/workflow-starts/unstarted-order.repository';
import { openServingDataSource } from '@libs/persistence/data-source.factory';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AppConfig } from '@libs/platform/config/app-config';
import { OperationalStatsRepository } from '@libs/platform/metrics/operational-stats.repository';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { APP_CONFIG } from './config.module';
import { construct } from './injection';

/** Every repository the API uses: each is built on the one data source and named for what it answers. */
const REPOSITORIES = [
  AccountRepository,
  ApiKeyRepository,
  IdempotencyKeyRepository,
  NotificationRepository,
  OperationalStatsRepository,
  OperatorAuditRepository,
  OperatorRepository,
  OperatorSessionRepository,
  OrderRefreshRequestRepository,
  OrderRepository,
  PreStatementRepository,
  StoredDocumentRepository,
  UnstartedOrderRepository,
  WorkQueueRepository,
] as const;

/** The PostgreSQL data source (opened before any feature module, closed after them) and the repositories. */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      useFactory: (config: AppConfig) => openServingDataSource(config.database),
      inject: [APP_CONFIG],
    },
    construct(TransactionRunner, [DataSource]),
    ...REPOSITORIES.map((repository) => construct(repository, [DataSource])),
  ],
  exports: [DataSource, TransactionRunner, ...REPOSITORIES],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
