export type FaultMode = 'none' | 'error500' | 'slow' | 'drop' | 'malformed';

export const FAULT_MODES: readonly FaultMode[] = ['none', 'error500', 'slow', 'drop', 'malformed'];

export interface FaultSettings {
  mode: FaultMode;
  /** How many of the next API requests are affected; null: all of them until changed. */
  count: number | null;
  /** Delay of the `slow` mode. */
  latencyMs: number;
}

export const DEFAULT_SLOW_FAULT_LATENCY_MS = 10_000;

/** Test-only failures of the extranet API, armed through `POST /__admin/faults`. */
export class FaultInjector {
  private settings: FaultSettings = { mode: 'none', count: null, latencyMs: DEFAULT_SLOW_FAULT_LATENCY_MS };

  arm(settings: FaultSettings): void {
    this.settings = { ...settings };
  }

  reset(): void {
    this.arm({ mode: 'none', count: null, latencyMs: DEFAULT_SLOW_FAULT_LATENCY_MS });
  }

  /** The fault to apply to the API request being served, if any; consumes one of `count`. */
  take(): { mode: Exclude<FaultMode, 'none'>; latencyMs: number } | null {
    const { mode, count, latencyMs } = this.settings;
    if (mode === 'none') return null;
    if (count !== null) {
      if (count <= 1) this.reset();
      else this.settings = { ...this.settings, count: count - 1 };
    }
    return { mode, latencyMs };
  }

  describe(): FaultSettings {
    return { ...this.settings };
  }
}
