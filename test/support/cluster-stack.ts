import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client as PgClient } from 'pg';
import { REPO_ROOT } from './test-environment';
import { waitFor } from './wait-for';

const run = promisify(execFile);
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ClusterProcessState {
  pid: number | null;
  restarts: number;
  healthy: boolean;
  held: boolean;
  log: string;
}

export interface ClusterState {
  supervisorPid: number;
  ready: boolean;
  temporalAddress: string;
  apiUrls: string[];
  processes: Record<string, ClusterProcessState>;
}

export interface ClusterDatabases {
  app: string;
  temporal: string;
  visibility: string;
}

export interface ClusterOptions {
  /** Under var/, its logs, state and control socket. */
  name: string;
  databases: ClusterDatabases;
  temporalPort: number;
  apiPorts: number[];
  sandboxPort: number;
  metricsPort: number;
  /** The application's variables (durations, limits); secrets are generated. */
  env?: Record<string, string>;
}

/** The secrets of one cluster: the same across a restore, as an operator keeps them apart. */
export function clusterSecrets(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: `k1:${randomBytes(32).toString('base64')}`,
  };
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const admin = new PgClient({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function dropDatabases(names: string[]): Promise<void> {
  for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * `scripts/cluster-stack.js` run as an operator runs it: a child process with its environment, read
 * through its state file and driven through its commands; processes are killed by their pids.
 */
export class ClusterStack {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  private supervisor: ChildProcess | null = null;

  constructor(
    readonly options: ClusterOptions,
    secrets: Record<string, string>,
  ) {
    this.dir = path.join(REPO_ROOT, 'var', options.name);
    this.env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TEMPORAL_LOG_LEVEL: 'warn',
      ...secrets,
      DATABASE_URL: databaseUrl(options.databases.app),
      DBNAME: options.databases.temporal,
      VISIBILITY_DBNAME: options.databases.visibility,
      CLUSTER_DIR: this.dir,
      CLUSTER_TEMPORAL_PORT: String(options.temporalPort),
      CLUSTER_API_PORTS: options.apiPorts.join(','),
      // Required in production, by every process that reads the configuration (the CLI too).
      PUBLIC_BASE_URL: `http://127.0.0.1:${options.apiPorts[0]}`,
      CLUSTER_WORKER_METRICS_PORT: String(options.metricsPort),
      EXTRANET_SANDBOX_PORT: String(options.sandboxPort),
      DOCUMENTS_DIR: path.join(this.dir, 'documents'),
      MAIL_OUTBOX_DIR: path.join(this.dir, 'mail'),
      ...options.env,
    };
  }

  get temporalAddress(): string {
    return `127.0.0.1:${this.options.temporalPort}`;
  }

  get apiUrls(): string[] {
    return this.options.apiPorts.map((port) => `http://127.0.0.1:${port}`);
  }

  /** Starts the stack (the build is the caller's: `npm run test:cluster` builds once). */
  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    const out = fs.openSync(path.join(this.dir, 'supervisor.log'), 'a');
    const supervisor = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', 'cluster-stack.js'), '--no-build'],
      {
        cwd: REPO_ROOT,
        env: this.env,
        stdio: ['ignore', out, out],
      },
    );
    fs.closeSync(out);
    this.supervisor = supervisor;
    await waitFor(
      () => {
        if (supervisor.exitCode !== null) {
          throw new Error(
            `the cluster stopped while starting; see ${this.dir}/supervisor.log:\n${this.tail()}`,
          );
        }
        const state = this.readState();
        return state?.ready && state.supervisorPid === supervisor.pid ? state : null;
      },
      { what: 'the cluster ready', timeoutMs: 240_000, intervalMs: 250 },
    );
  }

  readState(): ClusterState | null {
    try {
      return JSON.parse(fs.readFileSync(path.join(this.dir, 'state.json'), 'utf8')) as ClusterState;
    } catch {
      return null;
    }
  }

  process(name: string): ClusterProcessState {
    const state = this.readState();
    const process = state?.processes[name];
    if (!process) throw new Error(`no process ${name} in the cluster's state`);
    return process;
  }

  /** SIGKILL, as a crash or the OOM killer does; the supervisor restarts it. Returns the killed pid. */
  kill(name: string): number {
    const pid = this.process(name).pid;
    if (pid === null) throw new Error(`${name} is not running`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** Waits until `name` runs again under another pid than `killedPid` and answers its health check. */
  async waitRestarted(name: string, killedPid: number, timeoutMs = 120_000): Promise<void> {
    await waitFor(
      () => {
        const p = this.process(name);
        return p.pid !== null && p.pid !== killedPid && p.healthy;
      },
      { what: `${name} restarted`, timeoutMs, intervalMs: 200 },
    );
  }

  /** `scripts/cluster-stack.js stop-service|start-service NAME`, as the README's procedures do. */
  async command(command: 'stop-service' | 'start-service', name: string): Promise<void> {
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'cluster-stack.js'), command, name], {
      cwd: REPO_ROOT,
      env: this.env,
      timeout: 180_000,
    });
  }

  /** `scripts/cluster-stack.js stop`: everything stops in order and the supervisor exits. */
  async stop(): Promise<void> {
    const supervisor = this.supervisor;
    if (!supervisor || supervisor.exitCode !== null) return;
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'cluster-stack.js'), 'stop'], {
      cwd: REPO_ROOT,
      env: this.env,
      timeout: 180_000,
    });
    await exited;
  }

  /** The machine is lost: the supervisor and every process it runs are SIGKILLed at once. */
  crash(): void {
    const state = this.readState();
    const pids = [this.supervisor?.pid, ...Object.values(state?.processes ?? {}).map((p) => p.pid)];
    for (const pid of pids) {
      if (!pid) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /**
   * An account created with the operator CLI, its callbacks sent to `callbackUrl`, logged in through the
   * first API: its email, and the credentials its requests carry.
   */
  async loggedInAccount(
    prefix: string,
    callbackUrl: string,
  ): Promise<{ email: string; credentials: Record<string, string> }> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.fr`;
    const password = `mot-de-passe-${randomUUID()}`;
    const options = ['--email', email, '--password', password, '--callback-url', callbackUrl];
    const created = await this.cli('account', 'create', ...options);
    const { api_key: apiKey } = JSON.parse(created) as { api_key: string };
    const auth = await fetch(`${this.apiUrls[0]}/account/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Key': apiKey },
      body: JSON.stringify({ email, password }),
    });
    if (auth.status !== 200) throw new Error(`the login answered ${auth.status}: ${await auth.text()}`);
    const token = ((await auth.json()) as { payload: { access_token: string } }).payload.access_token;
    return { email, credentials: { 'X-Auth-Key': apiKey, Authorization: `Bearer ${token}` } };
  }

  /** The operator CLI of the image, against this cluster's database and keys. */
  async cli(...args: string[]): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      [path.join(REPO_ROOT, 'dist/apps/cli/src/main.js'), ...args],
      {
        cwd: REPO_ROOT,
        env: this.env,
        timeout: 60_000,
      },
    );
    return stdout;
  }

  private tail(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'supervisor.log'), 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  }
}
