/**
 * The retry schedule of webhook notifications (docs/contract.md §6), as a pure function so every
 * workflow that delivers notifications decides the same way. Workflow-safe: no I/O, and randomness is
 * asked of the caller (inside a workflow `Math.random` is deterministic).
 */
export interface NotificationRetrySettings {
  /** Delays between attempts; the last one repeats until the deadline. */
  notificationRetryDelaysMs: readonly number[];
  /** After this long since the first attempt without a 2xx, the notification is given up. */
  notificationDeadlineMs: number;
  /**
   * Set on runs started since a receiver's `Retry-After` can only lengthen the planned delay; runs
   * started before let it replace the delay (and draw no randomness then), as their histories recorded.
   */
  retryAfterLengthensOnly?: boolean;
}

export interface FailedAttempt {
  /** 0 for the first attempt of this delivery, 1 for the second… */
  index: number;
  /** The receiver's `Retry-After`, already bounded; null when it gave none. */
  retryAfterMs: number | null;
  /** Time from the first attempt to now. */
  elapsedMs: number;
}

/**
 * How long to wait before the next attempt, or null when waiting would pass the deadline (give up).
 * A receiver's `Retry-After` is honoured when it asks for longer than the schedule, never shorter: the
 * delays grow whatever it says (docs/contract.md §6), so a 429 with `Retry-After: 1` repeated for days
 * cannot make every notification of its orders an attempt a second.
 */
export function nextNotificationRetryDelay(
  settings: NotificationRetrySettings,
  failed: FailedAttempt,
  random: () => number,
): number | null {
  const delays = settings.notificationRetryDelaysMs;
  if (delays.length === 0) return null;
  const planned = delays[Math.min(failed.index, delays.length - 1)]!;
  // ±10 % jitter so receivers coming back up are not hit by every order at once.
  const delay = settings.retryAfterLengthensOnly
    ? Math.max(Math.round(planned * (0.9 + random() * 0.2)), failed.retryAfterMs ?? 0)
    : (failed.retryAfterMs ?? Math.round(planned * (0.9 + random() * 0.2)));
  return failed.elapsedMs + delay > settings.notificationDeadlineMs ? null : delay;
}
