import { type DynamicModule, Module } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { AccountsModule } from './accounts/accounts.module';
import { CodecModule } from './codec/codec.module';
import { ConsoleModule } from './console/console.module';
import { DocumentsModule } from './documents/documents.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { NotificationsModule } from './notifications/notifications.module';
import { OpenApiModule } from './openapi/openapi.module';
import { OrdersModule } from './orders/orders.module';
import { ConfigModule } from './platform/config.module';
import { DatabaseModule } from './platform/database.module';
import { HttpModule } from './platform/http/http.module';
import { LoggingModule } from './platform/logging/logging.module';
import { SecurityModule } from './platform/security/security.module';
import { StorageModule } from './platform/storage.module';
import { TemporalModule } from './platform/temporal.module';

/**
 * The API process: the platform modules (global: configuration, logs, database, Temporal, security,
 * document store, the HTTP edge) and one module per feature. The platform modules start before the
 * features and stop after them (Nest runs the hooks of global modules first at start, last at stop).
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule,
        TemporalModule,
        SecurityModule,
        StorageModule,
        HttpModule,
        AccountsModule,
        NotificationsModule,
        OrdersModule,
        DocumentsModule,
        HealthModule,
        MetricsModule,
        CodecModule,
        OpenApiModule,
        ...(config.console.enabled ? [ConsoleModule] : []),
      ],
    };
  }
}
