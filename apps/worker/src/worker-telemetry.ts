import { type TelemetryOptions } from '@temporalio/worker';
import { type MetricsConfig } from '@libs/platform/config/app-config';

/**
 * The Temporal SDK's runtime metrics (task slots, poll and schedule-to-start latencies, sticky cache…)
 * exported by its Prometheus endpoint on WORKER_METRICS_PORT, under the usual `temporal_` names.
 */
export function workerTelemetryOptions(metrics: MetricsConfig): TelemetryOptions | undefined {
  if (metrics.workerSdkPort === 0) return undefined;
  return { metrics: { prometheus: { bindAddress: `0.0.0.0:${metrics.workerSdkPort}` } } };
}
