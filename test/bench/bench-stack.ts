import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { createDataSource, runMigrations } from '@libs/persistence/data-source.factory';
import { portOpen } from '../support/local-ports';
import { startTemporalDevServer } from '../support/temporal-dev-server';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

// The launchers' own reader: plain JavaScript beside them, outside the compiled tree.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { workerRuntimeEnv } = require(path.join(ROOT, 'scripts', 'worker-runtime-env.js')) as {
  workerRuntimeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
};
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
    const child = await startTemporalDevServer({ port, logFile, repoRoot: ROOT });
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

  /** A worker process, with the runtime settings every launcher gives workers (deploy/worker/runtime.env). */
  worker(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
    return this.node(name, script, workerRuntimeEnv(env));
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

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await portOpen(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} did not open`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the process started as `name` by BenchStack.node wrote so far. */
export function benchLog(name: string): string {
  return fs.readFileSync(path.join(BENCH_DIR, `${name}.log`), 'utf8');
}

/** Peak resident memory of a process (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  return statusMiB(pid, 'VmHWM');
}

/** Resident memory of a process now (VmRSS), in MiB. */
export function rssMiB(pid: number): number {
  return statusMiB(pid, 'VmRSS');
}

type MemoryField = 'VmHWM' | 'VmRSS' | 'RssAnon' | 'RssFile';

function statusMiB(pid: number, field: MemoryField): number {
  return fieldMiB(procStatus(pid), field);
}

function procStatus(pid: number): string {
  return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
}

function fieldMiB(status: string, field: MemoryField): number {
  const kib = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/**
 * What a process's resident memory was made of when it was highest, sampled every 200 ms: anonymous
 * memory (the JavaScript heaps of its threads, malloc's arenas, buffers) and pages of mapped files (the
 * code of Node's binary and of native modules, which every process running them shares). The kernel
 * keeps the peak (VmHWM) but not its parts.
 */
export class ResidentMemorySampler {
  private atPeak = { rss: 0, anonymous: 0, files: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    // Unreferenced: a run that fails before stop() still exits.
    this.timer = setInterval(() => this.sample(), 200).unref();
  }

  /** Stops sampling; the split of the highest sample. */
  stop(): { anonymous: number; files: number } {
    clearInterval(this.timer);
    this.sample();
    return { anonymous: this.atPeak.anonymous, files: this.atPeak.files };
  }

  private sample(): void {
    try {
      // One read, so that the parts belong to the same moment as the total.
      const status = procStatus(this.pid);
      const rss = fieldMiB(status, 'VmRSS');
      if (rss > this.atPeak.rss)
        this.atPeak = { rss, anonymous: fieldMiB(status, 'RssAnon'), files: fieldMiB(status, 'RssFile') };
    } catch {
      // The process has exited: its last sample stands.
    }
  }
}

/** CPU time (user + system) a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU time of the local PostgreSQL server so far, in seconds: its processes, and those that have exited
 * (the backend of a connection a pool closed), which the postmaster's children times (cutime, cstime:
 * fields 16 and 17) hold once it has reaped them.
 */
export function postgresCpuSeconds(): number {
  const comm = (pid: string) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (comm(pid) !== 'postgres') continue;
      const fields = statFields(Number(pid));
      ticks += Number(fields[11]) + Number(fields[12]);
      if (comm(fields[1]!) !== 'postgres') ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / 100;
}

/** /proc/PID/stat from its fourth field (the state) on: the command, which may hold spaces, left out. */
function statFields(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
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
 * itself): where an order's cost goes, robust to how busy the machine is. A process is named by its pid,
 * or by a function reading the CPU seconds of a group of processes. One that exits during the phase
 * counts for nothing: its CPU is not readable any more.
 */
export class CpuLedger {
  private readonly before = new Map<string, number>();
  private readonly machineBefore = machineCpuTicks();
  private readonly startedAt = Date.now();

  constructor(private readonly processes: Record<string, number | (() => number)>) {
    for (const name of Object.keys(processes)) this.before.set(name, this.cpuSecondsOf(name) ?? 0);
  }

  /** Milliseconds of CPU per unit of work (an order), by process, then `other` and `total`. */
  perUnitMs(units: number, decimals = 0): Record<string, number> {
    const scale = 10 ** decimals;
    return mapValues(this.spentMs(), (ms) => Math.round((ms / units) * scale) / scale);
  }

  /** Percent of one core used since the start, by process, then `other` and `total`. */
  percentOfCore(): Record<string, number> {
    const elapsedMs = Date.now() - this.startedAt;
    return mapValues(this.spentMs(), (ms) => Math.round((100 * ms) / elapsedMs));
  }

  /** Percent of the machine's CPU time (every core) that was busy since the start. */
  machineBusyPercent(): number {
    const machine = machineCpuTicks();
    return Math.round(
      (100 * (machine.busy - this.machineBefore.busy)) / (machine.total - this.machineBefore.total),
    );
  }

  private spentMs(): Record<string, number> {
    const machine = machineCpuTicks();
    const totalMs = ((machine.busy - this.machineBefore.busy) / 100) * 1000;
    const spent: Record<string, number> = {};
    let listed = 0;
    for (const name of Object.keys(this.processes)) {
      const before = this.before.get(name)!;
      const ms = ((this.cpuSecondsOf(name) ?? before) - before) * 1000;
      listed += ms;
      spent[name] = ms;
    }
    spent.other = Math.max(totalMs - listed, 0);
    spent.total = totalMs;
    return spent;
  }

  private cpuSecondsOf(name: string): number | null {
    const source = this.processes[name]!;
    try {
      return typeof source === 'number' ? cpuSeconds(source) : source();
    } catch {
      return null;
    }
  }
}

function mapValues(record: Record<string, number>, f: (value: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}

/** "anonymous / files", as ResidentMemorySampler splits a peak. */
export function formatSplit(split: { anonymous: number; files: number }): string {
  return `${split.anonymous} / ${split.files}`;
}

export function formatLedger(ledger: Record<string, number>): string {
  return Object.entries(ledger)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
}
