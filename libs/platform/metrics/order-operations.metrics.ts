import { Counter, Gauge, type Registry } from 'prom-client';
import { ORDER_STATES } from '@libs/orders/order-state';
import {
  type NotificationAttemptCount,
  type NotificationBacklog,
  type OperationalStatsRepository,
  type OrderStateCount,
  type TransitionCount,
} from './operational-stats.repository';
import { ScrapeCache } from './scrape-cache';

interface StatsSnapshot {
  orders: OrderStateCount[];
  transitions: TransitionCount[];
  attempts: NotificationAttemptCount[];
  backlog: NotificationBacklog;
}

/**
 * Series derived from the database at scrape time: orders by state, transitions, notification attempts.
 * Counting rows rather than incrementing in-process counters gives the same totals from every replica,
 * survives restarts, and needs no hook in the worker. One snapshot is cached for `cacheMs` so frequent
 * scrapes by several Prometheus servers cost one set of queries.
 */
export class OrderOperationsMetrics {
  /** Null when the database did not answer. */
  private readonly snapshots: ScrapeCache<StatsSnapshot | null>;
  private lastGood: StatsSnapshot | null = null;

  constructor(
    registry: Registry,
    private readonly stats: OperationalStatsRepository,
    cacheMs: number,
    now: () => number = Date.now,
  ) {
    this.snapshots = new ScrapeCache(
      () =>
        this.query().then(
          (result) => (this.lastGood = result),
          () => null,
        ),
      cacheMs,
      now,
    );
    // `this` inside collect() is the metric: the snapshot is reached through these closures.
    const current = () => this.snapshots.get();
    const latest = () => this.snapshotOrLast();
    new Gauge({
      name: 'pre_statement_metrics_database_up',
      help: '1 when the last database query behind the order and notification series succeeded',
      registers: [registry],
      async collect() {
        this.set((await current()) === null ? 0 : 1);
      },
    });
    new Gauge({
      name: 'pre_statement_orders',
      help: 'Orders by current state and test mode',
      labelNames: ['state', 'test_mode'],
      registers: [registry],
      async collect() {
        const snapshot = await latest();
        if (!snapshot) return;
        // Every state is present, at 0 when empty, so dashboards and alerts never see a gap.
        for (const state of ORDER_STATES) {
          for (const testMode of ['false', 'true']) this.set({ state, test_mode: testMode }, 0);
        }
        for (const row of snapshot.orders) {
          this.set({ state: row.state, test_mode: String(row.testMode) }, row.count);
        }
      },
    });
    new Counter({
      name: 'pre_statement_order_transitions_total',
      help: 'State transitions recorded in the order histories (from "none" at creation)',
      labelNames: ['from', 'to'],
      registers: [registry],
      async collect() {
        const snapshot = await latest();
        if (!snapshot) return;
        this.reset();
        for (const row of snapshot.transitions) {
          this.inc({ from: row.fromState ?? 'none', to: row.toState }, row.count);
        }
      },
    });
    new Counter({
      name: 'pre_statement_notification_attempts_total',
      help: 'Webhook delivery attempts by outcome (success: a 2xx answer)',
      labelNames: ['outcome'],
      registers: [registry],
      async collect() {
        const snapshot = await latest();
        if (!snapshot) return;
        this.reset();
        for (const outcome of ['success', 'failure'] as const) {
          const row = snapshot.attempts.find((r) => r.outcome === outcome);
          this.inc({ outcome }, row?.count ?? 0);
        }
      },
    });
    new Gauge({
      name: 'pre_statement_notifications',
      help:
        'Notifications not delivered: pending (being retried), failed (given up after the deadline) or ' +
        'not_sent (no callback URL)',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const snapshot = await latest();
        if (!snapshot) return;
        this.set({ status: 'pending' }, snapshot.backlog.pending);
        this.set({ status: 'failed' }, snapshot.backlog.failed);
        this.set({ status: 'not_sent' }, snapshot.backlog.notSent);
      },
    });
  }

  /** During a database outage the last values stay visible; `..._database_up` tells they are stale. */
  private async snapshotOrLast(): Promise<StatsSnapshot | null> {
    return (await this.snapshots.get()) ?? this.lastGood;
  }

  private async query(): Promise<StatsSnapshot> {
    const [orders, transitions, attempts, backlog] = await Promise.all([
      this.stats.countOrdersByState(),
      this.stats.countTransitions(),
      this.stats.countNotificationAttemptsByOutcome(),
      this.stats.countNotificationBacklog(),
    ]);
    return { orders, transitions, attempts, backlog };
  }
}
