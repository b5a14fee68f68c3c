import { Registry } from 'prom-client';
import { type MetricsConfig } from '../../../../libs/config/app-config';
import { HttpRequestMetrics } from '../../../../libs/metrics/http-request.metrics';
import { OrderOperationsMetrics } from '../../../../libs/metrics/order-operations.metrics';
import { type OperationalStatsRepository } from '../../../../libs/persistence/repositories/operational-stats.repository';

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
