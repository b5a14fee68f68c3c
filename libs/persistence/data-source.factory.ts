import { DataSource } from 'typeorm';
import { type DatabaseConfig } from '@libs/platform/config/app-config';
import { assertSchemaCurrent } from './schema-version';
import { AccountEntity } from './entities/account.entity';
import { CallbackAlertEntity } from './entities/callback-alert.entity';
import { OperatorAuditEntity } from './entities/operator-audit.entity';
import { ApiKeyEntity } from './entities/api-key.entity';
import { IdempotencyKeyEntity } from './entities/idempotency-key.entity';
import { OrderEventEntity } from './entities/order-event.entity';
import { OrderEntity } from './entities/order.entity';
import { NotificationAttemptEntity } from './entities/notification-attempt.entity';
import { NotificationEntity } from './entities/notification.entity';
import { OrderRefreshRequestEntity } from './entities/order-refresh-request.entity';
import { OperatorEntity } from './entities/operator.entity';
import { OperatorSessionEntity } from './entities/operator-session.entity';
import { PreStatementEntity } from './entities/pre-statement.entity';
import { StoredDocumentEntity } from './entities/stored-document.entity';
import { InitialSchema1763780000000 } from './migrations/1763780000000-InitialSchema';
import { OrderLifecycle1763790000000 } from './migrations/1763790000000-OrderLifecycle';
import { NotificationAlerts1763800000000 } from './migrations/1763800000000-NotificationAlerts';
import { OrderWorkflowOutbox1763810000000 } from './migrations/1763810000000-OrderWorkflowOutbox';
import { PendingNotificationsIndex1763820000000 } from './migrations/1763820000000-PendingNotificationsIndex';
import { KeyedIdempotencyFingerprints1763830000000 } from './migrations/1763830000000-KeyedIdempotencyFingerprints';
import { OrderCollectionBlock1763835000000 } from './migrations/1763835000000-OrderCollectionBlock';
import { DocumentKindsAndDossier1763840000000 } from './migrations/1763840000000-DocumentKindsAndDossier';
import { OperatorAccounts1763850000000 } from './migrations/1763850000000-OperatorAccounts';
import { AssistedFulfilment1763860000000 } from './migrations/1763860000000-AssistedFulfilment';
import { UnknownEmailLockouts1763870000000 } from './migrations/1763870000000-UnknownEmailLockouts';
import { PreStatementStatement1763880000000 } from './migrations/1763880000000-PreStatementStatement';
import { NotificationsNotSent1763890000000 } from './migrations/1763890000000-NotificationsNotSent';
import { WebhookSecretGrace1763900000000 } from './migrations/1763900000000-WebhookSecretGrace';
import { ConsoleFormDrafts1763910000000 } from './migrations/1763910000000-ConsoleFormDrafts';
import { PendingAttachmentsIndex1763920000000 } from './migrations/1763920000000-PendingAttachmentsIndex';

export const ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  OrderEntity,
  OrderEventEntity,
  IdempotencyKeyEntity,
  StoredDocumentEntity,
  PreStatementEntity,
  OrderRefreshRequestEntity,
  NotificationEntity,
  NotificationAttemptEntity,
  CallbackAlertEntity,
  OperatorEntity,
  OperatorSessionEntity,
  OperatorAuditEntity,
];
export const MIGRATIONS = [
  InitialSchema1763780000000,
  OrderLifecycle1763790000000,
  NotificationAlerts1763800000000,
  OrderWorkflowOutbox1763810000000,
  PendingNotificationsIndex1763820000000,
  KeyedIdempotencyFingerprints1763830000000,
  OrderCollectionBlock1763835000000,
  DocumentKindsAndDossier1763840000000,
  OperatorAccounts1763850000000,
  AssistedFulfilment1763860000000,
  UnknownEmailLockouts1763870000000,
  PreStatementStatement1763880000000,
  NotificationsNotSent1763890000000,
  WebhookSecretGrace1763900000000,
  ConsoleFormDrafts1763910000000,
  PendingAttachmentsIndex1763920000000,
];

/** `DATABASE_CONNECT_TIMEOUT`'s default, for callers that give none (tests, tools). */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

type DataSourceConfig = Pick<DatabaseConfig, 'url' | 'poolSize'> &
  Partial<Pick<DatabaseConfig, 'connectTimeoutMs'>>;

/** The one DataSource definition, used by the API, the worker, the CLI and the tests. */
export function createDataSource(config: DataSourceConfig): DataSource {
  return new DataSource({
    type: 'postgres',
    url: config.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Schema changes go through migrations only.
    synchronize: false,
    migrationsRun: false,
    // node-postgres waits for a new connection, and for a free one, without end unless told.
    extra: {
      max: config.poolSize,
      connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    },
  });
}

/**
 * Connects a process that serves (the API, the workers) and checks that the database has every
 * migration of this code: on an older schema it would fail on each missing table or column, request
 * after request, so it does not start (SchemaBehindError).
 */
export async function openServingDataSource(config: DataSourceConfig): Promise<DataSource> {
  const dataSource = await createDataSource(config).initialize();
  try {
    await assertSchemaCurrent(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
