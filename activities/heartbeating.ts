import { Context } from '@temporalio/activity';

/**
 * Runs an activity's work while heartbeating, so that when its worker dies (killed, lost) Temporal
 * retries it elsewhere after the short heartbeat timeout rather than after the whole start-to-close
 * timeout. `progress` details, when given, go with the heartbeats.
 */
export async function whileHeartbeating<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  const timeoutMs = context.info.heartbeatTimeoutMs;
  if (!timeoutMs) return work();
  // The SDK throttles what it sends to the server; beating a few times per timeout is cheap.
  const timer = setInterval(() => context.heartbeat(), Math.max(200, Math.floor(timeoutMs / 4)));
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
