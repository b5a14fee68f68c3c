import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one request (or running one activity) carries. */
export interface LogContext {
  reqId?: string;
  orderid?: string;
}

const storage = new AsyncLocalStorage<LogContext>();
const NONE: LogContext = Object.freeze({});

/** Runs `fn` (and everything it awaits or schedules) with `context` added to its log lines. */
export function runWithLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? NONE;
}
