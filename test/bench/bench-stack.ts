import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { createDataSource, runMigrations } from '@libs/persistence/data-source.factory';
import { startTemporalDevServer } from '../support/temporal-dev-server';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
const BENCH_DIR = path.join(ROOT, 'var', 'bench');
const PROFILE_DIR = path.join(BENCH_DIR, 'profiles');

/** Child processes of the benchmark: the real Temporal dev server, API, worker and sandbox. */
export class BenchStack {
  private readonly children: ChildProcess[] = [];
  /** The Temporal dev server's process (the script execs the binary). */
  temporalPid: number | null = null;

  async startTemporal(port: number): Promise<string> {
    fs.mkdirSync(BENCH_DIR, { recursive: true });
    const logFile = path.join(BENCH_DIR, 'temporal.log');
    fs.writeFileSync(logFile, '');
    const child = startTemporalDevServer({ port, logFile, repoRoot: ROOT });
    this.children.push(child);
    this.temporalPid = child.pid ?? null;
    await waitForPort(port, 120_000);
    // The port opens before the frontend serves the namespace; give it a moment with real calls.
    return `127.0.0.1:${port}`;
  }

  node(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
    const log = fs.openSync(path.join(BENCH_DIR, `${name}.log`), 'w');
    // BENCH_CPU_PROFILE=1: each process writes a V8 CPU profile (open it in Chrome DevTools) at exit.
    const profile =
      process.env.BENCH_CPU_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, path.join(ROOT, script)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    this.children.push(child);
    return child;
  }

  async stop(): Promise<void> {
    for (const child of this.children.reverse()) {
      if (child.exitCode !== null || child.pid === undefined) continue;
      try {
        if (child.spawnargs[0]?.endsWith('temporal.sh')) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([
        new Promise((r) => child.once('exit', r)),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
    }
  }
}

export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new PgClient({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataSource = await createDataSource({ url: url.toString(), poolSize: 2 }).initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();
  return url.toString();
}

export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', () => {
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/** What the process started as `name` by BenchStack.node wrote so far. */
export function benchLog(name: string): string {
  return fs.readFileSync(path.join(BENCH_DIR, `${name}.log`), 'utf8');
}

/** Peak resident memory of a process (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Busy and total CPU time of the whole machine so far, in clock ticks (from /proc/stat). */
export function machineCpuTicks(): { busy: number; total: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are the fourth and fifth fields.
  return { busy: total - fields[3]! - fields[4]!, total };
}

/**
 * CPU spent by named processes over a phase, and by the rest of the machine (PostgreSQL, the benchmark
 * itself): where an order's cost goes, robust to how busy the machine is.
 */
export class CpuLedger {
  private readonly before = new Map<string, number>();
  private readonly machineBefore = machineCpuTicks();

  constructor(private readonly pids: Record<string, number>) {
    for (const [name, pid] of Object.entries(pids)) this.before.set(name, cpuSeconds(pid));
  }

  /** Milliseconds of CPU per unit of work (an order), by process, then `other` and `total`. */
  perUnitMs(units: number): Record<string, number> {
    const machine = machineCpuTicks();
    const totalMs = ((machine.busy - this.machineBefore.busy) / 100) * 1000;
    const spent: Record<string, number> = {};
    let listed = 0;
    for (const [name, pid] of Object.entries(this.pids)) {
      const ms = (cpuSeconds(pid) - this.before.get(name)!) * 1000;
      listed += ms;
      spent[name] = Math.round(ms / units);
    }
    spent.other = Math.round(Math.max(totalMs - listed, 0) / units);
    spent.total = Math.round(totalMs / units);
    return spent;
  }
}

export function formatLedger(ledger: Record<string, number>): string {
  return Object.entries(ledger)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
}
