import { Module } from '@nestjs/common';
import { WorkQueueRepository } from '@libs/fulfilment/work-queue.repository';
import { type AppConfig } from '@libs/platform/config/app-config';
import { OperationalStatsRepository } from '@libs/platform/metrics/operational-stats.repository';
import { APP_CONFIG } from '../platform/config.module';
import { ApiMetrics } from './api-metrics';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** `GET /metrics` (Prometheus) and the registry the HTTP metrics middleware records into. */
@Module({
  controllers: [MetricsController],
  providers: [
    {
      provide: ApiMetrics,
      useFactory: (stats: OperationalStatsRepository, queue: WorkQueueRepository, config: AppConfig) =>
        new ApiMetrics(stats, queue, config.metrics),
      inject: [OperationalStatsRepository, WorkQueueRepository, APP_CONFIG],
    },
    {
      provide: MetricsService,
      useFactory: (metrics: ApiMetrics, config: AppConfig) =>
        new MetricsService(metrics, config.metrics.token),
      inject: [ApiMetrics, APP_CONFIG],
    },
  ],
  exports: [ApiMetrics],
})
export class MetricsModule {}
