import { Registry, collectDefaultMetrics } from 'prom-client';

let shared: Registry | null = null;

/**
 * The Node.js process's own series (CPU, memory, event loop lag, GC), collected once per process: the
 * collectors run timers, and tests start many applications in one process. Prometheus's `job` label
 * tells the API from the worker.
 */
export function processMetricsRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared, prefix: 'pre_statement_' });
  }
  return shared;
}

/** The text exposition of several registries (their metric names are distinct). */
export async function renderMetrics(registries: Registry[]): Promise<string> {
  const texts = await Promise.all(registries.map((registry) => registry.metrics()));
  return texts.map((text) => text.trimEnd()).join('\n\n') + '\n';
}
