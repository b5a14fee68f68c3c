import { DefaultLogger, Runtime } from '@temporalio/worker';

let runtimeInstalled = false;

/** The SDK logs every worker state change at INFO; tests only want errors. */
export function quietWorkerLogs(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
  } catch {
    // Already installed by an earlier test file in this process.
  }
}
