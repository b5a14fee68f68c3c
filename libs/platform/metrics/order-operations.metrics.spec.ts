import { Registry } from 'prom-client';
import { OrderOperationsMetrics } from './order-operations.metrics';
import { type OperationalStatsRepository } from './operational-stats.repository';

function fakeStats() {
  const calls = { count: 0 };
  let failing = false;
  const stats = {
    async countOrdersByState() {
      calls.count += 1;
      if (failing) throw new Error('connection refused');
      return [
        { state: 'done', testMode: false, count: 7 },
        { state: 'waiting', testMode: true, count: 2 },
      ];
    },
    async countTransitions() {
      return [
        { fromState: null, toState: 'confirmed', count: 9 },
        { fromState: 'received', toState: 'done', count: 7 },
      ];
    },
    async countNotificationAttemptsByOutcome() {
      return [{ outcome: 'success' as const, count: 12 }];
    },
    async countNotificationBacklog() {
      return { pending: 1, failed: 0, notSent: 3 };
    },
  };
  return { stats: stats as unknown as OperationalStatsRepository, calls, fail: () => (failing = true) };
}

describe('OrderOperationsMetrics', () => {
  it('reports orders by state (every state, 0 when empty), transitions and delivery attempts', async () => {
    const registry = new Registry();
    new OrderOperationsMetrics(registry, fakeStats().stats, 5000);
    const text = await registry.metrics();
    expect(text).toContain('pre_statement_orders{state="done",test_mode="false"} 7');
    expect(text).toContain('pre_statement_orders{state="waiting",test_mode="true"} 2');
    expect(text).toContain('pre_statement_orders{state="need-refresh",test_mode="false"} 0');
    expect(text).toContain('# TYPE pre_statement_order_transitions_total counter');
    expect(text).toContain('pre_statement_order_transitions_total{from="none",to="confirmed"} 9');
    expect(text).toContain('pre_statement_order_transitions_total{from="received",to="done"} 7');
    expect(text).toContain('pre_statement_notification_attempts_total{outcome="success"} 12');
    expect(text).toContain('pre_statement_notification_attempts_total{outcome="failure"} 0');
    expect(text).toContain('pre_statement_notifications{status="pending"} 1');
    expect(text).toContain('pre_statement_notifications{status="not_sent"} 3');
    expect(text).toContain('pre_statement_metrics_database_up 1');
  });

  it('queries the database once per cache period, and keeps the last values while it is down', async () => {
    let now = 1_000_000;
    const fake = fakeStats();
    const registry = new Registry();
    new OrderOperationsMetrics(registry, fake.stats, 5000, () => now);
    await registry.metrics();
    await registry.metrics();
    expect(fake.calls.count).toBe(1);
    now += 5001;
    fake.fail();
    const text = await registry.metrics();
    expect(fake.calls.count).toBe(2);
    expect(text).toContain('pre_statement_metrics_database_up 0');
    expect(text).toContain('pre_statement_orders{state="done",test_mode="false"} 7');
  });
});
