import {
  DEFAULT_SLOW_FAULT_LATENCY_MS,
  FAULT_MODES,
  type FaultInjector,
  type FaultMode,
} from './fault-injector';
import { SandboxHttpError } from './sandbox-http.error';
import { type SandboxRoute } from './sandbox-route';
import { type SandboxStats } from './sandbox-stats';

export interface AdminDependencies {
  stats: SandboxStats;
  faults: FaultInjector;
}

const MAX_FAULT_LATENCY_MS = 10 * 60 * 1000;

/** Test-only controls under /__admin/: fault injection and statistics. */
export function adminRoutes({ stats, faults }: AdminDependencies): SandboxRoute[] {
  return [
    {
      method: 'POST',
      path: '/__admin/faults',
      api: false,
      handle: (request) => {
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw badFaults('body must be a JSON object');
        }
        const { mode, count, latencyMs } = body as Record<string, unknown>;
        if (typeof mode !== 'string' || !FAULT_MODES.includes(mode as FaultMode)) {
          throw badFaults(`mode must be one of ${FAULT_MODES.join(', ')}`);
        }
        if (
          count !== undefined &&
          count !== null &&
          !(Number.isSafeInteger(count) && (count as number) >= 1)
        ) {
          throw badFaults('count must be a positive integer');
        }
        if (
          latencyMs !== undefined &&
          !(
            Number.isSafeInteger(latencyMs) &&
            (latencyMs as number) >= 0 &&
            (latencyMs as number) <= MAX_FAULT_LATENCY_MS
          )
        ) {
          throw badFaults(`latencyMs must be an integer from 0 to ${MAX_FAULT_LATENCY_MS}`);
        }
        faults.arm({
          mode: mode as FaultMode,
          count: (count as number | undefined) ?? null,
          latencyMs: (latencyMs as number | undefined) ?? DEFAULT_SLOW_FAULT_LATENCY_MS,
        });
        return { status: 200, json: { faults: faults.describe() } };
      },
    },
    {
      method: 'POST',
      path: '/__admin/reset',
      api: false,
      handle: () => {
        faults.reset();
        stats.reset();
        return { status: 200, json: { reset: true } };
      },
    },
    {
      method: 'GET',
      path: '/__admin/stats',
      api: false,
      handle: () => ({ status: 200, json: { ...stats.snapshot(), faults: faults.describe() } }),
    },
  ];
}

function badFaults(detail: string): SandboxHttpError {
  return new SandboxHttpError(400, 'bad_request', `Invalid fault settings: ${detail}`);
}
