import { startApiTestApp } from '../support/api-test-app';
import { HttpTestClient } from '../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { orderBody } from '../support/order-fixtures';
import { waitFor } from '../support/wait-for';

/** `name{labels} value` lines of the Prometheus text, labels as an object. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const match = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(match[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { labels, value: Number(match[2]) };
    });
}

function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const found = samples(text, name).filter((s) =>
    Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack();
  });
  afterAll(() => stack.close());

  it('exposes HTTP traffic by route pattern and status, orders by state, transitions and deliveries', async () => {
    const created = await stack.http.post('/order/', orderBody(), stack.account.headers);
    expect(created.status).toBe(200);
    const orderid = (created.json as { payload: { orderid: string } }).payload.orderid;
    await waitFor(() => stack.receiver.statusesOf(orderid).includes('done'), { what: 'done notification' });
    expect((await stack.http.get(`/order/${orderid}`, stack.account.headers)).status).toBe(200);
    expect((await stack.http.get('/order/ZZZZZZ', stack.account.headers)).status).toBe(404);
    expect((await stack.http.get('/wp-admin/setup.php')).status).toBe(404);
    expect((await stack.http.request('DELETE', '/health', undefined, {})).status).toBe(405);
    expect((await stack.http.postRaw('/order/', '{"a",', { ...stack.account.headers })).status).toBe(415);

    // Deliveries are recorded by the worker after the receiver answered: poll until they are counted.
    const text = await waitFor(
      async () => {
        const res = await stack.http.get('/metrics');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        return valueOf(res.text, 'pre_statement_notification_attempts_total', { outcome: 'success' }) >= 3
          ? res.text
          : null;
      },
      { what: 'delivery attempts in the metrics', intervalMs: 500 },
    );

    const requests = 'pre_statement_http_requests_total';
    expect(
      valueOf(text, requests, { method: 'POST', route: '/order', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, requests, { method: 'GET', route: '/order/:orderid', status: '200' })).toBe(1);
    expect(valueOf(text, requests, { method: 'GET', route: '/order/:orderid', status: '404' })).toBe(1);
    expect(valueOf(text, requests, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(valueOf(text, requests, { method: 'DELETE', route: '/health', status: '405' })).toBe(1);
    // Refused before routing (body not JSON), still counted under its route.
    expect(valueOf(text, requests, { method: 'POST', route: '/order', status: '415' })).toBe(1);
    // Route patterns only: no order id, no raw path ever becomes a label value.
    for (const sample of samples(text, requests)) {
      expect(sample.labels.route).not.toContain(orderid);
      expect(sample.labels.route).not.toContain('ZZZZZZ');
    }
    const histogram = samples(text, 'pre_statement_http_request_duration_seconds_bucket').filter(
      (s) => s.labels.route === '/order/:orderid' && s.labels.status === '200',
    );
    expect(histogram.map((s) => s.labels.le)).toContain('+Inf');
    expect(
      valueOf(text, 'pre_statement_http_request_duration_seconds_count', {
        route: '/order/:orderid',
        status: '200',
      }),
    ).toBe(1);

    expect(
      valueOf(text, 'pre_statement_orders', { state: 'done', test_mode: 'true' }),
    ).toBeGreaterThanOrEqual(1);
    expect(samples(text, 'pre_statement_orders').map((s) => s.labels.state)).toEqual(
      expect.arrayContaining(['confirmed', 'received', 'waiting', 'done', 'need-refresh']),
    );
    expect(
      valueOf(text, 'pre_statement_order_transitions_total', { from: 'none', to: 'confirmed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(text, 'pre_statement_order_transitions_total', { from: 'received', to: 'done' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(text, 'pre_statement_notification_attempts_total', { outcome: 'failure' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      samples(text, 'pre_statement_notifications')
        .map((s) => s.labels.status)
        .sort(),
    ).toEqual(['failed', 'not_sent', 'pending']);
    expect(valueOf(text, 'pre_statement_metrics_database_up', {})).toBe(1);
    expect(text).toContain('pre_statement_process_resident_memory_bytes');
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const app = await startApiTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const http = new HttpTestClient(app.baseUrl);
      const anonymous = await http.get('/metrics');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json).toEqual({ message: expect.any(String), payload: null, success: false });
      expect(
        (await http.get('/metrics', { Authorization: 'Bearer wrong-token-0123456789abcd' })).status,
      ).toBe(401);
      const allowed = await http.get('/metrics', { Authorization: `Bearer ${token}` });
      expect(allowed.status).toBe(200);
      // The scheme in any case and more than one space before the token, as RFC 9110 allows.
      expect((await http.get('/metrics', { Authorization: `bearer  ${token}` })).status).toBe(200);
      expect(allowed.text).toContain('pre_statement_http_requests_total');
    } finally {
      await app.close();
    }
  });
});
