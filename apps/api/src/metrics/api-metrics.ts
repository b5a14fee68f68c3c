import { Registry } from 'prom-client';
import { type MetricsConfig } from '@libs/platform/config/app-config';
import { HttpRequestMetrics } from '@libs/platform/metrics/http-request.metrics';
import { OrderOperationsMetrics } from '@libs/platform/metrics/order-operations.metrics';
import { type OperationalStatsRepository } from '@libs/platform/metrics/operational-stats.repository';

/**
 * The API's Prometheus registry: its HTTP traffic, and the order and notification series read from the
 * database. One registry per application (tests run several in one process).
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly http: HttpRequestMetrics;

  constructor(stats: OperationalStatsRepository, config: Pick<MetricsConfig, 'databaseCacheMs'>) {
    this.http = new HttpRequestMetrics(this.registry);
    new OrderOperationsMetrics(this.registry, stats, config.databaseCacheMs);
  }
}
