import { Gauge, type Registry } from 'prom-client';
import { ScrapeCache } from '@libs/platform/metrics/scrape-cache';
import { ASSISTANCE_REASONS } from './fulfilment-mode';
import { type WorkQueueRepository, type WorkQueueStats } from './work-queue.repository';

/**
 * The operators' work queue on `/metrics` (docs/contract.md §9): orders waiting for a person and the age
 * of the oldest, per reason (every reason present, at 0 when none waits), read from the database at
 * scrape time like the order series, one query per `cacheMs`.
 */
export class WorkQueueMetrics {
  constructor(
    registry: Registry,
    queue: Pick<WorkQueueRepository, 'stats'>,
    cacheMs: number,
    now: () => number = Date.now,
  ) {
    const cache = new ScrapeCache<WorkQueueStats[]>(() => queue.stats().catch(() => []), cacheMs, now);
    const current = () => cache.get();
    new Gauge({
      name: 'pre_statement_work_queue_orders',
      help: 'Live orders waiting for an operator (assisted fulfilment), by reason',
      labelNames: ['reason'],
      registers: [registry],
      async collect() {
        const stats = await current();
        for (const reason of ASSISTANCE_REASONS) {
          this.set({ reason }, stats.find((row) => row.reason === reason)?.size ?? 0);
        }
      },
    });
    new Gauge({
      name: 'pre_statement_work_queue_oldest_age_seconds',
      help: 'How long the oldest order waiting for an operator has waited, by reason (0: none waits)',
      labelNames: ['reason'],
      registers: [registry],
      async collect() {
        const stats = await current();
        for (const reason of ASSISTANCE_REASONS) {
          const oldest = stats.find((row) => row.reason === reason)?.oldestSince;
          this.set({ reason }, oldest ? Math.max(0, (now() - oldest.getTime()) / 1000) : 0);
        }
      },
    });
  }
}
