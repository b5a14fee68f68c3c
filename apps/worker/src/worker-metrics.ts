import { Registry } from 'prom-client';
import { ExtranetCallMetrics } from '@libs/extranet/extranet-call.metrics';

/** The worker's own series: extranet calls (the process's are added by the metrics server). */
export function createWorkerMetrics(): { registry: Registry; extranet: ExtranetCallMetrics } {
  const registry = new Registry();
  return { registry, extranet: new ExtranetCallMetrics(registry) };
}
