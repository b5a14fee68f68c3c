import { Module } from '@nestjs/common';
import { type Connection } from '@temporalio/client';
import { DataSource } from 'typeorm';
import { type AppConfig } from '@libs/platform/config/app-config';
import { APP_CONFIG } from '../platform/config.module';
import { TEMPORAL_CONNECTION } from '../platform/temporal.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** `GET /health`: whether PostgreSQL and Temporal answer, each check bounded. */
@Module({
  controllers: [HealthController],
  providers: [
    {
      provide: HealthService,
      useFactory: (dataSource: DataSource, temporal: Connection, config: AppConfig) =>
        new HealthService(dataSource, temporal, config.http.healthCheckTimeoutMs),
      inject: [DataSource, TEMPORAL_CONNECTION, APP_CONFIG],
    },
  ],
})
export class HealthModule {}
