#!/usr/bin/env node
// `npm run stack:cluster`: the production topology on one machine, without containers. It runs a real
// Temporal server on PostgreSQL (scripts/temporal-server.sh; the configuration the compose file uses,
// deploy/temporal/), two API processes, one order worker, two notification workers and the sandbox
// extranet, and restarts any of them that dies (1 s, doubling up to 30 s), as compose's
// `restart: unless-stopped` does.
//
//   node scripts/cluster-stack.js [--no-build]   build, prepare the databases, start, supervise;
//                                                Ctrl-C or SIGTERM stops everything
//   node scripts/cluster-stack.js stop           stop the running stack
//   node scripts/cluster-stack.js status         its processes (pid, restarts, health) as JSON
//   node scripts/cluster-stack.js stop-service NAME | start-service NAME
//                                                stop one process without it being restarted, start it
//                                                again (e.g. `temporal`, for a backup of its databases)
//
// Configuration (environment): the application's own variables (README "Configuration"; NODE_ENV
// defaults to production, so JWT_SECRET and ENCRYPTION_KEY must be set; PUBLIC_BASE_URL defaults to the
// first API's address), and
//   DATABASE_URL                  the service's database, created when missing
//                                 (default postgres://postgres@127.0.0.1:5432/pre_statement)
//   POSTGRES_SEEDS, DB_PORT, POSTGRES_USER, POSTGRES_PWD, DBNAME, VISIBILITY_DBNAME
//                                 Temporal's databases (deploy/temporal/config/temporal.yaml; the
//                                 server, user and password default to DATABASE_URL's)
//   CLUSTER_DIR                   logs, state and control socket (default var/cluster)
//   CLUSTER_TEMPORAL_PORT         Temporal frontend (default 7233); the server's other services use
//                                 the next eight ports
//   CLUSTER_API_PORTS             one API process per port (default 3000,3001)
//   CLUSTER_ORDER_WORKERS, CLUSTER_NOTIFICATION_WORKERS   worker processes (default 1 and 2)
//   CLUSTER_WORKER_METRICS_PORT   first of the workers' metrics ports, two each (default 9464)
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { workerRuntimeEnv } = require('./worker-runtime-env');
const { assertPortsFree, portOpen } = require('./local-ports');
const { stopChild } = require('./ordered-shutdown');

const root = path.resolve(__dirname, '..');

function log(message) {
  console.log(`[cluster] ${message}`);
}

function integer(name, fallback) {
  const raw = process.env[name] ?? String(fallback);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be an integer between 0 and 65535, got "${raw}"`);
  }
  return value;
}

function settings() {
  const dir = path.resolve(root, process.env.CLUSTER_DIR ?? 'var/cluster');
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pre_statement';
  const database = new URL(databaseUrl);
  const temporalPort = integer('CLUSTER_TEMPORAL_PORT', 7233);
  const apiPorts = (process.env.CLUSTER_API_PORTS ?? '3000,3001')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(Number);
  if (apiPorts.length === 0 || apiPorts.some((p) => !Number.isInteger(p) || p <= 0 || p > 65535)) {
    throw new Error(`CLUSTER_API_PORTS must list ports, got "${process.env.CLUSTER_API_PORTS}"`);
  }
  return {
    dir,
    logDir: path.join(dir, 'logs'),
    stateFile: path.join(dir, 'state.json'),
    socket: path.join(dir, 'control.sock'),
    databaseUrl,
    // Temporal's databases default to the service's PostgreSQL server and credentials.
    temporalDatabase: {
      POSTGRES_SEEDS: process.env.POSTGRES_SEEDS ?? database.hostname,
      DB_PORT: process.env.DB_PORT ?? (database.port || '5432'),
      POSTGRES_USER: process.env.POSTGRES_USER ?? decodeURIComponent(database.username || 'postgres'),
      POSTGRES_PWD: process.env.POSTGRES_PWD ?? decodeURIComponent(database.password),
    },
    temporalPort,
    apiPorts,
    orderWorkers: integer('CLUSTER_ORDER_WORKERS', 1),
    notificationWorkers: integer('CLUSTER_NOTIFICATION_WORKERS', 2),
    metricsPort: integer('CLUSTER_WORKER_METRICS_PORT', 9464),
    sandboxPort: integer('EXTRANET_SANDBOX_PORT', 3100),
  };
}

/** The Temporal server's ports, from the frontend's: gRPC of each service, HTTP, membership. */
function temporalPorts(base) {
  return {
    FRONTEND_GRPC_PORT: base,
    HISTORY_GRPC_PORT: base + 1,
    MATCHING_GRPC_PORT: base + 2,
    WORKER_GRPC_PORT: base + 3,
    FRONTEND_HTTP_PORT: base + 4,
    FRONTEND_MEMBERSHIP_PORT: base + 5,
    HISTORY_MEMBERSHIP_PORT: base + 6,
    MATCHING_MEMBERSHIP_PORT: base + 7,
    WORKER_MEMBERSHIP_PORT: base + 8,
  };
}

// ---------------------------------------------------------------------------------------------------
// Probes

function httpOk(port, pathname) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode >= 200 && res.statusCode < 300);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------
// The supervisor

class Supervisor {
  constructor(s, tools) {
    this.s = s;
    this.tools = tools;
    this.stopping = false;
    this.ready = false;
    /** name → { spec, child, pid, restarts, recentRestarts, startedAt, held, healthy } */
    this.processes = new Map();
  }

  define(name, spec) {
    // node-postgres names its connections after PGAPPNAME: pg_stat_activity then tells which process
    // holds a connection or a transaction.
    spec.env = { PGAPPNAME: name, ...spec.env };
    this.processes.set(name, {
      spec,
      child: null,
      pid: null,
      restarts: 0,
      recentRestarts: 0,
      startedAt: 0,
      held: false,
      healthy: false,
      restartTimer: null,
    });
  }

  spawnProcess(name) {
    const p = this.processes.get(name);
    const logFile = path.join(this.s.logDir, `${name}.log`);
    fs.appendFileSync(logFile, `=== ${new Date().toISOString()} start ===\n`);
    const out = fs.openSync(logFile, 'a');
    // Each in its own process group: Ctrl-C reaches the supervisor only, which stops them in order.
    const child = spawn(p.spec.command, p.spec.args, {
      cwd: root,
      env: p.spec.env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    fs.closeSync(out);
    p.child = child;
    p.pid = child.pid;
    p.startedAt = Date.now();
    p.healthy = false;
    child.on('exit', (code, signal) => this.exited(name, child, code, signal));
    this.writeState();
    return child;
  }

  exited(name, child, code, signal) {
    const p = this.processes.get(name);
    if (p.child !== child) return;
    p.child = null;
    p.healthy = false;
    this.writeState();
    if (this.stopping || p.held) return;
    // Compose's restart policy: again at once, then backing off while it keeps dying.
    if (Date.now() - p.startedAt > 60_000) p.recentRestarts = 0;
    const delay = Math.min(1000 * 2 ** p.recentRestarts, 30_000);
    p.recentRestarts += 1;
    p.restarts += 1;
    log(`${name} exited (${signal ?? code}); restarting in ${delay / 1000} s (restart ${p.restarts})`);
    p.restartTimer = setTimeout(() => {
      p.restartTimer = null;
      if (this.stopping || p.held) return;
      this.spawnProcess(name);
      void this.waitHealthy(name, 300_000).catch((error) => log(error.message));
    }, delay);
  }

  async waitHealthy(name, timeoutMs) {
    const p = this.processes.get(name);
    const child = p.child;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (p.child !== child || child === null) {
        throw new Error(`${name} exited before it was ready; see ${path.join(this.s.logDir, `${name}.log`)}`);
      }
      if (await p.spec.health()) {
        if (p.child === child) {
          p.healthy = true;
          this.writeState();
        }
        return;
      }
      await sleep(250);
    }
    throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
  }

  async stopProcess(name, timeoutMs) {
    const p = this.processes.get(name);
    if (p.restartTimer) {
      clearTimeout(p.restartTimer);
      p.restartTimer = null;
    }
    if (!p.child) return;
    // Each runs in its own process group (spawnProcess): a process that outlives the grace time is
    // killed with whatever it started.
    await stopChild(p.child, { name, graceMs: timeoutMs, log, killGroup: true });
  }

  writeState() {
    const state = {
      supervisorPid: process.pid,
      ready: this.ready,
      stopping: this.stopping,
      temporalAddress: `127.0.0.1:${this.s.temporalPort}`,
      apiUrls: this.s.apiPorts.map((port) => `http://127.0.0.1:${port}`),
      processes: Object.fromEntries(
        [...this.processes].map(([name, p]) => [
          name,
          {
            pid: p.child ? p.pid : null,
            restarts: p.restarts,
            healthy: p.healthy,
            held: p.held,
            log: path.join(this.s.logDir, `${name}.log`),
          },
        ]),
      ),
    };
    const tmp = `${this.s.stateFile}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
    fs.renameSync(tmp, this.s.stateFile);
  }

  /** Stops in the reverse order of start: APIs, workers, sandbox, then Temporal. */
  async stopAll() {
    if (this.stopping) return;
    this.stopping = true;
    this.ready = false;
    this.writeState();
    log('stopping');
    const names = [...this.processes.keys()].reverse();
    const grace = (name) => (name.startsWith('worker') ? 45_000 : 15_000);
    for (const group of [
      names.filter((n) => n.startsWith('api')),
      names.filter((n) => n.startsWith('worker')),
      names.filter((n) => n === 'extranet'),
      names.filter((n) => n === 'temporal'),
    ]) {
      await Promise.all(group.map((name) => this.stopProcess(name, grace(name))));
    }
    this.writeState();
    log('stopped');
  }

  /** Requests of `stop`, `status`, `stop-service` and `start-service`, one JSON line each. */
  listen() {
    fs.rmSync(this.s.socket, { force: true });
    const server = net.createServer((socket) => {
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        if (!buffer.includes('\n')) return;
        const reply = (body) => socket.end(`${JSON.stringify(body)}\n`);
        let request;
        try {
          request = JSON.parse(buffer.slice(0, buffer.indexOf('\n')));
        } catch {
          reply({ ok: false, error: 'bad request' });
          return;
        }
        this.handle(request).then(
          (body) => reply({ ok: true, ...body }),
          (error) => reply({ ok: false, error: error.message }),
        );
      });
      socket.on('error', () => undefined);
    });
    server.listen(this.s.socket);
    this.control = server;
  }

  async handle({ command, name }) {
    if (command === 'status') return JSON.parse(fs.readFileSync(this.s.stateFile, 'utf8'));
    if (command === 'stop') {
      setImmediate(() => void shutdown(this, 0));
      return {};
    }
    const p = this.processes.get(name);
    if (!p) throw new Error(`no process named "${name}"`);
    if (command === 'stop-service') {
      p.held = true;
      await this.stopProcess(name, name.startsWith('worker') ? 45_000 : 15_000);
      this.writeState();
      log(`${name} stopped on request`);
      return {};
    }
    if (command === 'start-service') {
      p.held = false;
      if (!p.child) this.spawnProcess(name);
      await this.waitHealthy(name, 120_000);
      log(`${name} started on request`);
      return {};
    }
    throw new Error(`unknown command "${command}"`);
  }
}

let current = null;
let runningStep = null;

async function shutdown(supervisor, code) {
  runningStep?.kill('SIGTERM');
  if (supervisor) {
    await supervisor.stopAll();
    supervisor.control?.close();
    fs.rmSync(supervisor.s.socket, { force: true });
  }
  process.exit(code);
}

/** A preparation step, its output in the setup log; asynchronous, so the control socket answers. */
async function runStep(what, command, args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  runningStep = child;
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(-1));
    child.on('exit', (exitCode, signal) => resolve(signal ?? exitCode));
  });
  runningStep = null;
  if (code !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${what} failed (${code}; ${logFile}):\n${tail}`);
  }
}

async function ensureDatabase(url) {
  const { Client } = require('pg');
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      log(`created the database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

/** Kills what a supervisor that died without stopping (SIGKILL, a crash) left running. */
function reapLeftovers(s) {
  if (!fs.existsSync(s.stateFile)) return;
  const state = JSON.parse(fs.readFileSync(s.stateFile, 'utf8'));
  if (isAlive(state.supervisorPid)) {
    throw new Error(`a cluster is already running (supervisor ${state.supervisorPid}); stop it first`);
  }
  for (const [name, p] of Object.entries(state.processes ?? {})) {
    if (p.pid && isAlive(p.pid) && cmdline(p.pid).includes(name === 'temporal' ? 'temporal-server' : root)) {
      log(`killing ${name} (${p.pid}) left by a previous supervisor`);
      process.kill(p.pid, 'SIGKILL');
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function start() {
  const s = settings();
  fs.mkdirSync(s.logDir, { recursive: true });
  reapLeftovers(s);
  // Readiness is a port answering: one already taken would pass for a process that cannot bind it.
  await assertPortsFree([
    ...Object.values(temporalPorts(s.temporalPort)),
    s.sandboxPort,
    ...s.apiPorts,
    ...Array.from({ length: 2 * (s.orderWorkers + s.notificationWorkers) }, (_, i) => s.metricsPort + i),
  ]);
  const stepLog = path.join(s.logDir, 'setup.log');
  if (!process.argv.includes('--no-build')) {
    log('building (swc + workflow bundle)');
    await runStep(
      'the build',
      process.execPath,
      [path.join(root, 'scripts', 'build.js'), '--quiet'],
      process.env,
      stepLog,
    );
  }
  log('obtaining the Temporal server and CLI (built once, then cached)');
  const serverDir = execFileSync('bash', [path.join(root, 'scripts', 'temporal-server.sh'), 'path'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const cli = execFileSync('bash', [path.join(root, 'scripts', 'temporal.sh'), 'path'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();

  const temporalAddress = `127.0.0.1:${s.temporalPort}`;
  const appEnv = {
    NODE_ENV: 'production',
    WORKFLOW_BUNDLE_PATH: path.join(root, 'dist', 'workflow-bundle.js'),
    ...process.env,
    DATABASE_URL: s.databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    EXTRANET_SANDBOX_PORT: String(s.sandboxPort),
    // Required in production: the links clients get; this local topology serves them on its first API.
    PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${s.apiPorts[0]}`,
  };
  const temporalEnv = {
    ...process.env,
    ...s.temporalDatabase,
    ...Object.fromEntries(Object.entries(temporalPorts(s.temporalPort)).map(([k, v]) => [k, String(v)])),
    BIND_ON_IP: process.env.BIND_ON_IP ?? '127.0.0.1',
    TEMPORAL_SERVER: path.join(serverDir, 'temporal-server'),
    TEMPORAL_SERVER_CONFIG_FILE_PATH: path.join(root, 'deploy', 'temporal', 'config', 'temporal.yaml'),
    DYNAMIC_CONFIG_FILE_PATH:
      process.env.DYNAMIC_CONFIG_FILE_PATH ??
      path.join(root, 'deploy', 'temporal', 'dynamicconfig', 'production-sql.yaml'),
    TEMPORAL_SQL_TOOL: path.join(serverDir, 'temporal-sql-tool'),
    TEMPORAL_SCHEMA_DIR: path.join(serverDir, 'schema', 'postgresql', 'v12'),
    TEMPORAL_CLI: cli,
    TEMPORAL_ADDRESS: temporalAddress,
  };

  const supervisor = new Supervisor(s);
  current = supervisor;
  const node = (script, env) => ({
    command: process.execPath,
    args: ['--enable-source-maps', path.join(root, 'dist', script)],
    env,
  });
  supervisor.define('temporal', {
    command: 'sh',
    args: [path.join(root, 'deploy', 'temporal', 'start-server.sh')],
    env: temporalEnv,
    health: () => portOpen(s.temporalPort),
  });
  supervisor.define('extranet', {
    ...node('apps/extranet-sandbox/src/main.js', appEnv),
    health: () => httpOk(s.sandboxPort, '/health'),
  });
  const workers = [
    ...Array.from({ length: s.orderWorkers }, (_, i) => [`worker-orders-${i + 1}`, 'orders']),
    ...Array.from({ length: s.notificationWorkers }, (_, i) => [
      `worker-notifications-${i + 1}`,
      'notifications',
    ]),
  ];
  workers.forEach(([name, queues], i) => {
    const appMetricsPort = s.metricsPort + 2 * i + 1;
    supervisor.define(name, {
      ...node('apps/worker/src/main.js', {
        ...workerRuntimeEnv(appEnv),
        WORKER_QUEUES: queues,
        WORKER_METRICS_PORT: String(s.metricsPort + 2 * i),
        WORKER_APP_METRICS_PORT: String(appMetricsPort),
      }),
      health: () => portOpen(appMetricsPort),
    });
  });
  s.apiPorts.forEach((port, i) => {
    supervisor.define(`api-${i + 1}`, {
      ...node('apps/api/src/main.js', { ...appEnv, PORT: String(port) }),
      health: () => httpOk(port, '/health'),
    });
  });
  supervisor.writeState();
  supervisor.listen();

  log(`preparing the databases (${stepLog})`);
  await ensureDatabase(s.databaseUrl);
  await runStep(
    'the migrations',
    process.execPath,
    [path.join(root, 'dist/apps/cli/src/main.js'), 'db', 'migrate'],
    appEnv,
    stepLog,
  );
  await runStep(
    'the Temporal schema',
    'sh',
    [path.join(root, 'deploy', 'temporal', 'setup-schema.sh')],
    temporalEnv,
    stepLog,
  );

  log(`starting the Temporal server on ${temporalAddress}`);
  supervisor.spawnProcess('temporal');
  await supervisor.waitHealthy('temporal', 120_000);
  await runStep(
    'the namespace registration',
    'sh',
    [path.join(root, 'deploy', 'temporal', 'register-namespace.sh')],
    temporalEnv,
    stepLog,
  );

  supervisor.spawnProcess('extranet');
  await supervisor.waitHealthy('extranet', 60_000);
  const apps = [...workers.map(([name]) => name), ...s.apiPorts.map((_, i) => `api-${i + 1}`)];
  for (const name of apps) supervisor.spawnProcess(name);
  await Promise.all(apps.map((name) => supervisor.waitHealthy(name, 120_000)));
  supervisor.ready = true;
  supervisor.writeState();
  log(
    `ready: APIs ${s.apiPorts.map((p) => `http://127.0.0.1:${p}`).join(', ')}, Temporal ${temporalAddress}, ` +
      `logs in ${path.relative(process.cwd(), s.logDir) || s.logDir}`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Commands to a running supervisor

function request(body) {
  const s = settings();
  return new Promise((resolve, reject) => {
    const socket = net.connect(s.socket, () => socket.write(`${JSON.stringify(body)}\n`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer));
      } catch {
        reject(new Error(`unexpected answer: ${answer}`));
      }
    });
    socket.on('error', (error) => reject(new Error(`no cluster running (${s.socket}): ${error.message}`)));
  });
}

async function control(command, name) {
  const answer = await request({ command, name });
  if (!answer.ok) throw new Error(answer.error);
  if (command === 'status') {
    const state = { ...answer };
    delete state.ok;
    console.log(JSON.stringify(state, null, 2));
  }
  if (command === 'stop') {
    const { supervisorPid } = JSON.parse(fs.readFileSync(settings().stateFile, 'utf8'));
    while (isAlive(supervisorPid)) await sleep(200);
    log('stopped');
  }
}

const [command, name] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const commands = ['stop', 'status', 'stop-service', 'start-service'];
if (command !== undefined && command !== 'start' && !commands.includes(command)) {
  console.error(`usage: cluster-stack.js [start] [--no-build] | ${commands.join(' | ')} [NAME]`);
  process.exit(2);
}
if (command === undefined || command === 'start') {
  process.on('SIGINT', () => void shutdown(current, 0));
  process.on('SIGTERM', () => void shutdown(current, 0));
  start().catch((error) => {
    console.error(`[cluster] ${error && error.message ? error.message : error}`);
    void shutdown(current, 1);
  });
} else {
  control(command, name).catch((error) => {
    console.error(`[cluster] ${error.message}`);
    process.exit(1);
  });
}
