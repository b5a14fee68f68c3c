import { Counter, Histogram, type Registry } from 'prom-client';

/** Labels of one answered HTTP request; `route` is the route pattern, never the raw path. */
export interface HttpRequestLabels {
  method: string;
  route: string;
  status: number;
}

/** Request count and latency of the API, by route pattern, method and status. */
export class HttpRequestMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'pre_statement_http_requests_total',
      help: 'HTTP requests answered by the API, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'pre_statement_http_request_duration_seconds',
      help: 'Time from request to the last byte of the answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  observe(labels: HttpRequestLabels, seconds: number): void {
    const values = { method: labels.method, route: labels.route, status: String(labels.status) };
    this.requests.inc(values);
    this.duration.observe(values, seconds);
  }
}
