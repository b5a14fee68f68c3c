#!/usr/bin/env node
// `npm start`: the whole service on one machine with no setup.
//  - PostgreSQL: DATABASE_URL when set, else an embedded server with its data under var/postgres;
//  - Temporal: TEMPORAL_ADDRESS when set, else the dev server (scripts/temporal.sh) with its
//    SQLite file under var/ and the Web UI on :8233;
//  - the schema migrations, then the sandbox extranet, the worker and the API as child processes.
// Ctrl-C stops everything it started, the service's processes before Temporal (scripts/ordered-shutdown.js).
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { LAUNCHER_SIGNALS, createEmbeddedPostgres } = require('./embedded-postgres');
const { portOpen } = require('./local-ports');
const { stopInOrder } = require('./ordered-shutdown');
const { workerRuntimeEnv } = require('./worker-runtime-env');

const root = path.resolve(__dirname, '..');
const varDir = path.join(root, 'var');
// The service's processes, in the order they started, and the Temporal dev server when started here.
const services = [];
let temporal = null;
let embeddedPostgres = null;
let stopping = false;

function log(message) {
  console.log(`[start] ${message}`);
}

function prefixed(name, stream, target) {
  let pending = '';
  stream.on('data', (chunk) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop();
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

function run(name, script, env) {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping the stack`);
      void stop(1);
    }
  });
  services.push({ name, child });
  return child;
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

async function startEmbeddedPostgres(config) {
  const { EMBEDDED_DATABASE } = require(path.join(root, 'dist/libs/platform/config/app-config.js'));
  const databaseDir = path.join(varDir, 'postgres');
  const pg = createEmbeddedPostgres({
    databaseDir,
    port: EMBEDDED_DATABASE.port,
    user: EMBEDDED_DATABASE.user,
    password: EMBEDDED_DATABASE.password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e) => console.error(`[postgres] ${e instanceof Error ? e.message : e}`),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising the embedded PostgreSQL in ${path.relative(root, databaseDir)}`);
    await pg.initialise();
  }
  await pg.start();
  embeddedPostgres = pg;
  try {
    await pg.createDatabase(EMBEDDED_DATABASE.database);
  } catch (error) {
    if (!/already exists/.test(String(error && error.message))) throw error;
  }
  log(
    `embedded PostgreSQL on port ${EMBEDDED_DATABASE.port} (${config.database.url.replace(/:[^:@/]+@/, ':***@')})`,
  );
}

async function startTemporal(config) {
  const [host, port] = config.temporal.address.split(':');
  if (await portOpen(Number(port), host === 'localhost' ? '127.0.0.1' : host)) {
    log(`using the Temporal server already listening on ${config.temporal.address}`);
    return;
  }
  log('starting the Temporal dev server (Web UI on http://localhost:8233)');
  const child = spawn(
    path.join(root, 'scripts', 'temporal.sh'),
    [
      'start-dev',
      '--port',
      port,
      '--ui-port',
      '8233',
      '--db-filename',
      path.join(varDir, 'temporal.db'),
      // The UI decodes the encrypted payloads through the API's codec endpoints (/codec/decode).
      '--ui-codec-endpoint',
      `${config.http.publicBaseUrl.replace(/\/+$/, '')}/codec`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  prefixed('temporal', child.stdout, process.stdout);
  prefixed('temporal', child.stderr, process.stderr);
  temporal = { name: 'temporal', child, group: true };
  // The first run may build the CLI with `go install`, which takes minutes.
  await waitFor('Temporal', () => portOpen(Number(port)), 30 * 60_000);
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  // The API, the worker and the sandbox first (the worker drains its running activities, whose results
  // Temporal must still take), then Temporal, then the embedded PostgreSQL.
  await stopInOrder([[...services].reverse(), temporal ? [temporal] : []], { log });
  if (embeddedPostgres) await embeddedPostgres.stop().catch(() => undefined);
  process.exit(code);
}

async function main() {
  fs.mkdirSync(varDir, { recursive: true });
  log('building (swc + workflow bundle)');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.js'), '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  const { loadConfig } = require(path.join(root, 'dist/libs/platform/config/app-config.js'));
  const config = loadConfig(process.env);
  if (config.database.embedded) await startEmbeddedPostgres(config);
  await startTemporal(config);

  const env = {
    ...process.env,
    DATABASE_URL: config.database.url,
    WORKFLOW_BUNDLE_PATH: process.env.WORKFLOW_BUNDLE_PATH ?? path.join(root, 'dist', 'workflow-bundle.js'),
  };
  log('applying database migrations');
  execFileSync(process.execPath, [path.join(root, 'dist/apps/cli/src/main.js'), 'db', 'migrate'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });

  run('extranet', 'dist/apps/extranet-sandbox/src/main.js', env);
  run('worker', 'dist/apps/worker/src/main.js', workerRuntimeEnv(env));
  run('api', 'dist/apps/api/src/main.js', env);
  await waitFor('API', () => portOpen(config.http.port), 60_000);
  log(
    `ready: API ${config.http.publicBaseUrl}, Temporal UI http://localhost:8233, sandbox extranet ${config.extranet.sandboxBaseUrl}`,
  );
  log('create an account: npm run cli -- account create --email you@example.fr --password "a long password"');
  log(
    `operator console: ${config.http.publicBaseUrl}/console (create an operator: npm run cli -- operator create --email you@provider.fr --role operator)`,
  );
}

/**
 * A terminal's Ctrl-C signals its whole foreground process group. Were the stack's processes in it, each
 * would get the signal at once, beside this one's ordered stop: PostgreSQL would stop first, and the
 * worker, which the Temporal SDK lets a second signal kill, would get this one's SIGTERM mid-drain. So
 * the stack runs in a process group of its own, and the process `npm start` runs only passes a stop on,
 * once, and exits with the stack.
 */
function superviseStack() {
  // Output to the terminal; no input: a process group in the background that read it would be stopped.
  const stack = spawn(process.execPath, [__filename], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: { ...process.env, [STACK_PROCESS]: '1' },
  });
  let forwarded = false;
  const forward = () => {
    if (forwarded) return;
    forwarded = true;
    stack.kill('SIGTERM');
  };
  for (const signal of LAUNCHER_SIGNALS) process.on(signal, forward);
  stack.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const STACK_PROCESS = 'PRE_STATEMENT_DEV_STACK_PROCESS';
if (process.env[STACK_PROCESS] === '1') {
  for (const signal of LAUNCHER_SIGNALS) process.on(signal, () => void stop(0));
  main().catch((error) => {
    console.error(`[start] ${error && error.message ? error.message : error}`);
    void stop(1);
  });
} else {
  superviseStack();
}
