import { Registry } from 'prom-client';
import { WorkQueueMetrics } from './work-queue.metrics';

describe('WorkQueueMetrics', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reports every reason, the orders waiting and the age of the oldest, one query per cache period', async () => {
    let queries = 0;
    const registry = new Registry();
    new WorkQueueMetrics(
      registry,
      {
        stats: async () => {
          queries++;
          return [{ reason: 'no_connector', size: 3, oldestSince: new Date(now - 90_000) }];
        },
      },
      5000,
      () => now,
    );
    const text = await registry.metrics();
    expect(text).toContain('pre_statement_work_queue_orders{reason="no_connector"} 3');
    expect(text).toContain('pre_statement_work_queue_orders{reason="upload_order"} 0');
    expect(text).toContain('pre_statement_work_queue_oldest_age_seconds{reason="no_connector"} 90');
    expect(text).toContain('pre_statement_work_queue_oldest_age_seconds{reason="credentials_refused"} 0');
    await registry.metrics();
    expect(queries).toBe(1);
  });
});
