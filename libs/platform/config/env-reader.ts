import { ConfigError } from './config-error';

export type Environment = Record<string, string | undefined>;

/** Typed accessors over an environment map; every failure names the variable. */
export class EnvReader {
  constructor(private readonly env: Environment) {}

  string(name: string, fallback: string): string {
    const raw = this.env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    return raw.trim();
  }

  optionalString(name: string): string | null {
    const raw = this.env[name];
    return raw === undefined || raw.trim() === '' ? null : raw.trim();
  }

  integer(name: string, fallback: number, bounds: { min: number; max: number }): number {
    const raw = this.optionalString(name);
    if (raw === null) return fallback;
    if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be an integer, got "${raw}"`);
    const value = Number(raw);
    if (value < bounds.min || value > bounds.max) {
      throw new ConfigError(name, `must be between ${bounds.min} and ${bounds.max}, got ${value}`);
    }
    return value;
  }

  /** A duration such as `500ms`, `30s`, `5m`, `6h`, `14d`, in milliseconds. */
  duration(name: string, fallback: string): number {
    const raw = this.string(name, fallback);
    const ms = parseDuration(raw);
    if (ms === null)
      throw new ConfigError(name, `must be a duration like 500ms, 30s, 5m, 6h or 14d, got "${raw}"`);
    return ms;
  }

  /** A comma-separated list of durations. */
  durations(name: string, fallback: string): number[] {
    const raw = this.string(name, fallback);
    const values = raw.split(',').map((part) => parseDuration(part.trim()));
    if (values.length === 0 || values.some((v) => v === null)) {
      throw new ConfigError(
        name,
        `must be a comma-separated list of durations (e.g. 5s,5m,30m), got "${raw}"`,
      );
    }
    return values as number[];
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name);
    if (raw === null) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    throw new ConfigError(name, `must be true or false, got "${raw}"`);
  }

  url(name: string, fallback: string | null, protocols: string[]): string | null {
    const raw = this.optionalString(name) ?? fallback;
    if (raw === null) return null;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      // Never echo the value: a database URL carries a password.
      throw new ConfigError(name, 'must be a valid URL');
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
    }
    return raw;
  }

  hostPort(name: string, fallback: string): string {
    const raw = this.string(name, fallback);
    if (!/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/.test(raw))
      throw new ConfigError(name, `must be host:port, got "${raw}"`);
    return raw;
  }
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : null;
}
