import { Registry } from 'prom-client';
import { WorkQueueMetrics } from '@libs/fulfilment/work-queue.metrics';
import { type WorkQueueRepository } from '@libs/fulfilment/work-queue.repository';
import { type MetricsConfig } from '@libs/platform/config/app-config';
import { HttpRequestMetrics } from '@libs/platform/metrics/http-request.metrics';
import { OrderOperationsMetrics } from '@libs/platform/metrics/order-operations.metrics';
import { type OperationalStatsRepository } from '@libs/platform/metrics/operational-stats.repository';

/**
 * The API's Prometheus registry: its HTTP traffic, and the order, notification and work queue series
 * read from the database. One registry per application (tests run several in one process).
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly http: HttpRequestMetrics;

  constructor(
    stats: OperationalStatsRepository,
    queue: WorkQueueRepository,
    config: Pick<MetricsConfig, 'databaseCacheMs'>,
  ) {
    this.http = new HttpRequestMetrics(this.registry);
    new OrderOperationsMetrics(this.registry, stats, config.databaseCacheMs);
    new WorkQueueMetrics(this.registry, queue, config.databaseCacheMs);
  }
}
