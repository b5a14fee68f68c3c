import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { assertPortsFree } from './local-ports';
import { REPO_ROOT } from './test-environment';

const CUSTOM_SEARCH_ATTRIBUTES = ['OrderId', 'Account', 'ExternalId', 'OrderState', 'TestMode'];

export interface TemporalDevServerOptions {
  port: number;
  /** Where its output goes. */
  logFile: string;
  /** A SQLite file that keeps its state across restarts; in memory without it. */
  dbFile?: string;
  /** The repository (its scripts/temporal.sh), when not run from its sources (the built benchmark). */
  repoRoot?: string;
}

/**
 * Starts the Temporal CLI dev server through the project's script (which obtains the binary), in its own
 * process group so that `stopTemporalDevServer` stops the script and the binary together.
 */
export async function startTemporalDevServer({
  port,
  logFile,
  dbFile,
  repoRoot = REPO_ROOT,
}: TemporalDevServerOptions): Promise<ChildProcess> {
  // Waiting for the server checks only that something answers on its port.
  await assertPortsFree([port, port + 1]);
  const script = path.join(repoRoot, 'scripts', 'temporal.sh');
  // Obtaining the binary may build it on a fresh machine: minutes, not seconds.
  execFileSync(script, ['path'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 30 * 60_000 });
  const log = fs.openSync(logFile, 'a');
  const server = spawn(
    script,
    [
      'start-dev',
      '--headless',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--http-port',
      String(port + 1),
      ...(dbFile ? ['--db-filename', dbFile] : []),
    ],
    { stdio: ['ignore', log, log], detached: true },
  );
  // Nothing must wait on it: its owner stops it.
  server.unref();
  return server;
}

/** Stops the server (SIGTERM, or `signal`), waiting 10 s at most before SIGKILL. */
export async function stopTemporalDevServer(
  server: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, signal);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(resolve, 10_000);
  });
  await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
}

/** Waits until the server answers with the project's custom search attributes registered. */
export async function waitForTemporal(address: string, server: ChildProcess | null): Promise<void> {
  const deadline = Date.now() + 120_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) {
      throw new Error(`Temporal dev server exited with ${server.exitCode}; see its log under var/test`);
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        const { customAttributes } = await connection.operatorService.listSearchAttributes({
          namespace: 'default',
        });
        const registered = Object.keys(customAttributes ?? {});
        if (CUSTOM_SEARCH_ATTRIBUTES.every((name) => registered.includes(name))) return;
        lastError = new Error('custom search attributes not registered yet');
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Temporal at ${address} did not come up: ${String(lastError)}`);
}
