import { NativeConnection } from '@temporalio/worker';
import { type AppLogger } from '@libs/platform/logging/app-logger';

export interface ConnectionWaitOptions {
  /** First pause after a failed attempt; it doubles up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Aborting stops the wait (the process is shutting down): the promise then resolves to null. */
  signal?: AbortSignal;
}

/**
 * Connects a worker to Temporal, waiting for as long as Temporal is unreachable: a worker started
 * before Temporal (or during its restart) must come up when Temporal does, as the API does, rather than
 * exit and take a process supervisor's stack down with it. One warning when the wait begins, then a
 * reminder at most every minute, and one line when connected.
 */
export async function connectWhenTemporalIsUp(
  address: string,
  logger: AppLogger,
  { initialDelayMs = 1_000, maxDelayMs = 15_000, signal }: ConnectionWaitOptions = {},
): Promise<NativeConnection | null> {
  let delay = initialDelayMs;
  let waitingSince: number | null = null;
  let lastReminder = 0;
  for (;;) {
    if (signal?.aborted) return null;
    try {
      const connection = await NativeConnection.connect({ address });
      if (waitingSince !== null) {
        logger.info({ temporal: address, waitedMs: Date.now() - waitingSince }, 'Connected to Temporal');
      }
      return connection;
    } catch (error) {
      const now = Date.now();
      if (waitingSince === null) {
        waitingSince = now;
        lastReminder = now;
        logger.warn(
          { temporal: address, err: error },
          'Temporal is not reachable: the worker waits for it and retries',
        );
      } else if (now - lastReminder >= 60_000) {
        lastReminder = now;
        logger.warn(
          { temporal: address, waitedMs: now - waitingSince, err: error },
          'Still waiting for Temporal',
        );
      }
    }
    if (!(await pause(delay, signal))) return null;
    delay = Math.min(delay * 2, maxDelayMs);
  }
}

/** Waits `ms`; false when `signal` aborted the wait. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
