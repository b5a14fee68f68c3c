export interface LoginThrottleOptions {
  /** Attempts for one email and API key that are never delayed; the next ones wait a doubling delay. */
  failuresBeforeDelay: number;
  /** Longest wait between two attempts for one email and API key. */
  maxDelayMs: number;
  /** First wait once the free attempts are used; 1 s by default. */
  baseDelayMs?: number;
  /** Email and key pairs remembered at most; the least recently seen are forgotten first. */
  maxEntries?: number;
  clock?: () => number;
}

interface Attempts {
  /** Attempts since the last success, the one in progress included. */
  attempts: number;
  /** No attempt for this email and key before this time (epoch ms). */
  lockedUntil: number;
  lastAttemptAt: number;
}

/**
 * Slows down password guessing on one account, whatever addresses it comes from: after
 * `failuresBeforeDelay` attempts without success for one email with one API key, each further attempt
 * must wait 1 s, 2 s, 4 s… up to `maxDelayMs`, and attempts made before then are refused (429 with
 * `Retry-After`).
 *
 * Counted per email and API key, not per email: a login only ever succeeds with a key of the email's
 * own account, so guessing needs that key, and its counter is the one that slows the guesses. Anyone
 * else's failures for that email, sent with their own keys, land on counters of their own: they cannot
 * lock the owner out. (Per email and IP would not do: the owner's address is not known in advance.)
 *
 * An attempt counts as failed from the moment it starts until it succeeds, so parallel guesses cannot
 * all slip through while the first ones are being verified. Unknown emails are tracked exactly like
 * known ones: the throttle reveals nothing about which accounts exist. In process memory.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, Attempts>();
  private readonly baseDelayMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;
  private readonly forgetAfterMs: number;

  constructor(private readonly options: LoginThrottleOptions) {
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.clock = options.clock ?? Date.now;
    // Failures older than this are forgotten: a person mistyping once a week is never slowed down.
    this.forgetAfterMs = Math.max(options.maxDelayMs * 2, 3_600_000);
  }

  /**
   * Registers an attempt for `email` with the API key `apiKeyId`: 0 when it may go on, else the seconds
   * to wait before trying again (the attempt is then not counted).
   */
  begin(email: string, apiKeyId: string): number {
    const key = counterKey(email, apiKeyId);
    const now = this.clock();
    let entry = this.attempts.get(key);
    if (entry && now - entry.lastAttemptAt > this.forgetAfterMs) entry = undefined;
    if (entry && entry.lockedUntil > now) return Math.max(1, Math.ceil((entry.lockedUntil - now) / 1000));
    entry ??= { attempts: 0, lockedUntil: 0, lastAttemptAt: now };
    entry.attempts += 1;
    entry.lastAttemptAt = now;
    const beyond = entry.attempts - this.options.failuresBeforeDelay;
    if (beyond >= 0) {
      const delay = this.baseDelayMs * 2 ** Math.min(beyond, 30);
      entry.lockedUntil = now + Math.min(delay, this.options.maxDelayMs);
    }
    this.attempts.delete(key);
    this.attempts.set(key, entry);
    for (const oldest of this.attempts.keys()) {
      if (this.attempts.size <= this.maxEntries) break;
      this.attempts.delete(oldest);
    }
    return 0;
  }

  /** The attempt succeeded: the email starts afresh with that key. */
  succeeded(email: string, apiKeyId: string): void {
    this.attempts.delete(counterKey(email, apiKeyId));
  }
}

function counterKey(email: string, apiKeyId: string): string {
  return `${apiKeyId} ${email.trim().toLowerCase()}`;
}
