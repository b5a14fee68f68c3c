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
      throw new ConfigError(name, `must be a URL, got "${raw}"`);
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
