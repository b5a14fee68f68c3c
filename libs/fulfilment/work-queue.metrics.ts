import { Gauge, type Registry } from 'prom-client';
import { ASSISTANCE_REASONS } from './fulfilment-mode';
import { type WorkQueueRepository, type WorkQueueStats } from './work-queue.repository';

/**
 * The operators' work queue on `/metrics` (docs/contract.md §9): orders waiting for a person and the age
 * of the oldest, per reason (every reason present, at 0 when none waits), read from the database at
 * scrape time like the order series, one query per `cacheMs`.
 */
export class WorkQueueMetrics {
  private cached: { at: number; stats: Promise<WorkQueueStats[]> } | null = null;

  constructor(
    registry: Registry,
    private readonly queue: Pick<WorkQueueRepository, 'stats'>,
    private readonly cacheMs: number,
    private readonly now: () => number = Date.now,
  ) {
    const current = () => this.stats();
    const clock = () => this.now();
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
          this.set({ reason }, oldest ? Math.max(0, (clock() - oldest.getTime()) / 1000) : 0);
        }
      },
    });
  }

  private stats(): Promise<WorkQueueStats[]> {
    const now = this.now();
    if (this.cached === null || now - this.cached.at >= this.cacheMs) {
      const stats = this.queue.stats().catch(() => []);
      this.cached = { at: now, stats };
    }
    return this.cached.stats;
  }
}
