import { Counter, Histogram, type Registry } from 'prom-client';
import { type ExtranetCallObservation, type ExtranetCallObserver } from './extranet-call.observer';

/** Latency and errors of the calls to syndic extranets, as the worker makes them. */
export class ExtranetCallMetrics implements ExtranetCallObserver {
  private readonly duration: Histogram<'extranet' | 'operation' | 'outcome'>;
  private readonly errors: Counter<'extranet' | 'operation' | 'outcome'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'pre_statement_extranet_request_duration_seconds',
      help: 'Duration of one request to a syndic extranet, answer body included',
      labelNames: ['extranet', 'operation', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'pre_statement_extranet_errors_total',
      help: 'Failed requests to a syndic extranet: credentials refused, or unavailable (down, slow, unreadable)',
      labelNames: ['extranet', 'operation', 'outcome'],
      registers: [registry],
    });
  }

  observe(call: ExtranetCallObservation): void {
    const labels = { extranet: call.extranet, operation: call.operation, outcome: call.outcome };
    this.duration.observe(labels, call.durationMs / 1000);
    if (call.outcome !== 'ok') this.errors.inc(labels);
  }
}
