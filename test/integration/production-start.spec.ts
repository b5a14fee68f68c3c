import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startSandboxExtranet } from '@apps/extranet-sandbox/src/sandbox-server';
import { MIGRATIONS } from '@libs/persistence/data-source.factory';
import { HttpTestClient } from '../support/http-test-client';
import { FAST_LIFECYCLE_ENV } from '../support/lifecycle-stack';
import { closedPort } from '../support/closed-port';
import { withDatabaseBefore } from '../support/migration-database';
import { portOpen } from '../support/local-ports';
import { REPO_ROOT, TEST_VAR_DIR } from '../support/test-environment';
import { waitFor } from '../support/wait-for';
import { WebhookReceiver } from '../support/webhook-receiver';

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function refusesConnections(port: number): Promise<boolean> {
  return !(await portOpen(port));
}

/**
 * `npm run build` output run as production runs it (scripts/start-prod.js: the compiled API and worker
 * with the pre-built workflow bundle), a whole order through it, the worker's metrics ports, then a
 * SIGTERM while a request is in flight.
 */
describe('production start (compiled output)', () => {
  const id = randomUUID().slice(0, 8);
  const dist = path.join(TEST_VAR_DIR, `prod-${id}`, 'dist');
  const logFile = path.join(TEST_VAR_DIR, `prod-${id}`, 'processes.log');
  let launcher: ChildProcess;
  let receiver: WebhookReceiver;
  let sandbox: Awaited<ReturnType<typeof startSandboxExtranet>>;
  let env: Record<string, string>;
  let ports: { api: number; sdkMetrics: number; appMetrics: number };
  let http: HttpTestClient;

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      ['scripts/build.js', '--quiet', '--out-dir', path.relative(REPO_ROOT, dist)],
      {
        cwd: REPO_ROOT,
        stdio: 'pipe',
      },
    );
    sandbox = await startSandboxExtranet({ port: 0, latencyMs: 5 });
    receiver = await new WebhookReceiver().start();
    ports = { api: await closedPort(), sdkMetrics: await closedPort(), appMetrics: await closedPort() };
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'WORKFLOW_BUNDLE_PATH',
      ),
    );
    env = {
      ...inherited,
      ...FAST_LIFECYCLE_ENV,
      NODE_ENV: 'production',
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.api}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: `prod-test:${randomBytes(32).toString('base64')}`,
      TEMPORAL_TASK_QUEUE: `prod-${id}`,
      EXTRANET_SANDBOX_URL: sandbox.url,
      DOCUMENTS_DIR: path.join(TEST_VAR_DIR, `prod-${id}`, 'documents'),
      MAIL_OUTBOX_DIR: path.join(TEST_VAR_DIR, `prod-${id}`, 'mail'),
      WORKER_METRICS_PORT: String(ports.sdkMetrics),
      WORKER_APP_METRICS_PORT: String(ports.appMetrics),
      LOG_LEVEL: 'warn',
    };
    const log = fs.openSync(logFile, 'w');
    launcher = spawn(process.execPath, ['scripts/start-prod.js', '--dist', dist], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    http = new HttpTestClient(`http://127.0.0.1:${ports.api}`);
    await waitFor(
      async () => {
        if (launcher.exitCode !== null)
          throw new Error(`start:prod exited: ${fs.readFileSync(logFile, 'utf8')}`);
        return (await http.get('/health').catch(() => ({ status: 0 }))).status === 200;
      },
      { what: 'the compiled API to be healthy', timeoutMs: 60_000, intervalMs: 250 },
    );
  });

  afterAll(async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGKILL');
      await exitOf(launcher);
    }
    await receiver.stop();
    await sandbox.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves a whole order from the compiled API and worker, and exports the worker metrics', async () => {
    const email = `prod-${id}@example.fr`;
    const password = `mot-de-passe-${id}`;
    const created = JSON.parse(
      execFileSync(
        process.execPath,
        [
          path.join(dist, 'apps/cli/src/main.js'),
          'account',
          'create',
          '--email',
          email,
          '--password',
          password,
          '--callback-url',
          receiver.url,
        ],
        { cwd: REPO_ROOT, env, encoding: 'utf8' },
      ),
    ) as { api_key: string };
    const auth = await http.post('/account/auth', { email, password }, { 'X-Auth-Key': created.api_key });
    expect(auth.status).toBe(200);
    const token = (auth.json as { payload: { access_token: string } }).payload.access_token;
    const headers = { 'X-Auth-Key': created.api_key, Authorization: `Bearer ${token}` };
    const order = await http.post(
      '/order/',
      {
        address: '12 rue des Lilas',
        city: 'Lyon',
        zipcode: '69003',
        owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
        invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
        method: 'extranet',
        syndic: { name: 'Foncia', username: 'marie.dupont', password: 'secret' },
        test_mode: true,
      },
      headers,
    );
    expect(order.status).toBe(200);
    const orderid = (order.json as { payload: { orderid: string } }).payload.orderid;
    await waitFor(() => receiver.statusesOf(orderid).includes('done'), {
      what: 'the done notification',
      timeoutMs: 60_000,
    });
    expect((await http.get(`/order/${orderid}/document`, headers)).status).toBe(200);

    const sdk = await fetch(`http://127.0.0.1:${ports.sdkMetrics}/metrics`);
    expect(sdk.status).toBe(200);
    const sdkText = await sdk.text();
    expect(sdkText).toMatch(/^temporal_\w+/m);
    expect(sdkText).toContain(`task_queue="prod-${id}"`);

    const app = await fetch(`http://127.0.0.1:${ports.appMetrics}/metrics`);
    expect(app.status).toBe(200);
    const appText = await app.text();
    expect(appText).toMatch(
      /pre_statement_extranet_request_duration_seconds_count\{extranet="sandbox",operation="login",outcome="ok"\} [1-9]/,
    );
    expect(appText).toContain('pre_statement_process_resident_memory_bytes');
  });

  it('refuses to start the compiled API and worker on a schema one migration behind, saying what to run', async () => {
    const last = MIGRATIONS[MIGRATIONS.length - 1]!.name;
    await withDatabaseBefore(last, async (url, previous) => {
      await previous.destroy();
      for (const app of ['api', 'worker']) {
        const child = spawn(process.execPath, [path.join(dist, `apps/${app}/src/main.js`)], {
          cwd: REPO_ROOT,
          // Other ports: the processes under test keep theirs.
          env: {
            ...env,
            DATABASE_URL: url,
            PORT: String(await closedPort()),
            WORKER_METRICS_PORT: String(await closedPort()),
            WORKER_APP_METRICS_PORT: String(await closedPort()),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        const exit = await exitOf(child);
        expect({ app, exit }).toEqual({ app, exit: { code: 1, signal: null } });
        // Every line JSON, the API's start-up included (Nest would print its own coloured text).
        const lines = output
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as { err?: { type?: string; message?: string } });
        expect(lines.map((line) => line.err).filter((err) => err?.type === 'SchemaBehindError')).toEqual([
          {
            type: 'SchemaBehindError',
            code: 'schema_behind',
            message: 'the database schema is not up to date (1 migration is pending): run "db migrate" first',
            stack: expect.any(String),
          },
        ]);
      }
    });
  });

  it('on SIGTERM finishes the request in flight, refuses new connections, and both processes exit 0', async () => {
    // A valid key: the API reads no body before the key is checked, and would answer at once otherwise.
    const { api_key: apiKey } = JSON.parse(
      execFileSync(
        process.execPath,
        [
          path.join(dist, 'apps/cli/src/main.js'),
          'account',
          'create',
          '--email',
          `prod-sigterm-${id}@example.fr`,
          '--password',
          `mot-de-passe-${id}`,
        ],
        { cwd: REPO_ROOT, env, encoding: 'utf8' },
      ),
    ) as { api_key: string };
    const body = JSON.stringify({ email: 'personne@example.fr', password: 'x'.repeat(32) });
    const socket = net.connect({ port: ports.api, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /account/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `X-Auth-Key: ${apiKey}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );

    const started = Date.now();
    launcher.kill('SIGTERM');
    // The API stops listening at once, while the half-sent request is still being received.
    await waitFor(() => refusesConnections(ports.api), {
      what: 'the API to stop listening',
      timeoutMs: 10_000,
    });
    expect(answer).toBe('');
    socket.write(body.slice(10));
    await closed;
    // Served to its end: the email has no account.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"success":false');

    const exit = await exitOf(launcher);
    expect({ exit, log: exit.code === 0 ? '' : fs.readFileSync(logFile, 'utf8') }).toEqual({
      exit: { code: 0, signal: null },
      log: '',
    });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await refusesConnections(ports.sdkMetrics)).toBe(true);
    expect(await refusesConnections(ports.appMetrics)).toBe(true);
  });
});
