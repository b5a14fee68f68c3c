import { type AppLogger } from '@libs/platform/logging/app-logger';

/** Longer than a slow request, shorter than the orchestrator's kill delay (Docker: 10 s by default). */
export const SHUTDOWN_TIMEOUT_MS = 9_000;

/**
 * On the first SIGTERM or SIGINT runs `close` (stop accepting, let in-flight requests finish, then the
 * order workflow starts in flight, whose start timeout fits in the delay; release the connections), then
 * exits 0; exits 1 if closing fails or outlasts the timeout. Later signals are ignored: a second Ctrl-C
 * does not cut the requests being finished.
 */
export function exitOnShutdownSignal(
  close: () => Promise<void>,
  logger: AppLogger,
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'Shutting down: finishing in-flight requests and workflow starts');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'Shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(timer);
        logger.info('Shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
