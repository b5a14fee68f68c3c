import pino, { type DestinationStream, type Logger } from 'pino';
import { type LoggingConfig } from '@libs/platform/config/app-config';
import { currentLogContext } from './log-context';
import { scrubLogValue } from './log-redaction';

export type AppLogger = Logger;

export interface AppLoggerOptions extends LoggingConfig {
  /** Which process writes (`api`, `worker`, `cli`). */
  service: string;
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

/**
 * One JSON object per line (pino), with the request id and order id of the current context. Every
 * argument of every call is scrubbed first (see log-redaction.ts), so no caller can log a secret by
 * mistake; bindings given to `child()` are the caller's responsibility and must be non-secret.
 */
export function createAppLogger(options: AppLoggerOptions): AppLogger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => ({ ...currentLogContext() }),
      // Errors are already serialised by the scrubber below.
      serializers: { err: (value: unknown) => value },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          // pino's own shape for errors, `{ err }`, so they are serialised once, by the scrubber.
          const head = first instanceof Error ? { err: first, msg: first.message } : first;
          const scrubbed = [head, ...rest].map((arg) => scrubLogValue(arg));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    // Synchronous stdout: the last lines before a crash's process.exit are not lost.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
