import { type ChildProcess } from 'node:child_process';

export default async function globalTeardown(): Promise<void> {
  const temporal = (globalThis as { __TEMPORAL__?: ChildProcess | null }).__TEMPORAL__;
  if (!temporal || temporal.exitCode !== null || temporal.pid === undefined) return;
  const exited = new Promise((resolve) => temporal.once('exit', resolve));
  // The server runs in its own process group (script + binary): stop them together.
  process.kill(-temporal.pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(resolve, 10_000);
  });
  await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (temporal.exitCode === null) process.kill(-temporal.pid, 'SIGKILL');
}
