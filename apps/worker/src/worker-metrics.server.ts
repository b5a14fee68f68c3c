import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Registry } from 'prom-client';
import { processMetricsRegistry, renderMetrics } from '@libs/platform/metrics/process-metrics';

export interface RunningMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` of the worker's own registry and of the process, on a port of its own: the worker
 * serves no other HTTP.
 * The Temporal SDK's series are on another port, served by the SDK's Rust core.
 */
export async function startWorkerMetricsServer(
  registry: Registry,
  port: number,
  host = '0.0.0.0',
): Promise<RunningMetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    renderMetrics([registry, processMetricsRegistry()]).then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
