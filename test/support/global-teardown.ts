import { type ChildProcess } from 'node:child_process';

export default async function globalTeardown(): Promise<void> {
  const temporal = (globalThis as { __TEMPORAL__?: ChildProcess | null }).__TEMPORAL__;
  if (!temporal || temporal.exitCode !== null || temporal.pid === undefined) return;
  const exited = new Promise((resolve) => temporal.once('exit', resolve));
  // The server runs in its own process group (script + binary): stop them together.
  process.kill(-temporal.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (temporal.exitCode === null) process.kill(-temporal.pid, 'SIGKILL');
}
