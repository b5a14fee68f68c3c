import { type Provider } from '@nestjs/common';
import { OperationalStatsRepository } from '@libs/platform/metrics/operational-stats.repository';
import { type ApiDependencies } from '../api.module';
import { ApiMetrics } from './api-metrics';
import { MetricsService } from './metrics.service';

/** The API's metrics registry (also used by the HTTP middleware) and the `/metrics` service. */
export function metricsProviders(deps: Pick<ApiDependencies, 'config' | 'dataSource'>): Provider[] {
  const metrics = new ApiMetrics(new OperationalStatsRepository(deps.dataSource), deps.config.metrics);
  return [
    { provide: ApiMetrics, useValue: metrics },
    { provide: MetricsService, useValue: new MetricsService(metrics, deps.config.metrics.token) },
  ];
}
