import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { Webhook } from 'standardwebhooks';
import { createWorkerRuntime } from '@apps/worker/src/worker.composition';
import { DEVELOPMENT_ENCRYPTION_KEYS, loadConfig } from '@libs/platform/config/app-config';
import { createDataSource, runMigrations } from '@libs/persistence/data-source.factory';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient } from '../../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { orderBody } from '../../support/order-fixtures';
import { REPO_ROOT, TEST_DATABASE_ADMIN_URL, TEST_DATABASE_NAME } from '../../support/test-environment';
import { waitFor } from '../../support/wait-for';

const ROTATED_KEYS = `k2026:${randomBytes(32).toString('base64')},${DEVELOPMENT_ENCRYPTION_KEYS}`;
// `keys rotate` touches every row: this file has a database of its own so other files never see it.
const DATABASE = `${TEST_DATABASE_NAME}_key_rotation`;

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/apps/cli/src/main.js', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function freshDatabase(): Promise<string> {
  const admin = new PgClient({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  const dataSource = await createDataSource({ url: url.toString(), poolSize: 2 }).initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();
  return url.toString();
}

/**
 * Rotation of ENCRYPTION_KEY without downtime: the processes are redeployed with the new key first
 * (old one still listed), `keys rotate` reseals what is at rest, and every order keeps working.
 */
describe('npm run cli -- keys rotate', () => {
  let databaseUrl: string;
  let stack: LifecycleStack;
  let rotatedApi: ApiTestApp;
  let rotatedWorker: { run: Promise<void>; shutdown: () => void; close: () => Promise<void> } | null = null;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.js', '--quiet', '--no-bundle'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
    databaseUrl = await freshDatabase();
    stack = await startLifecycleStack({ DATABASE_URL: databaseUrl });
  });
  afterAll(async () => {
    if (rotatedWorker) {
      rotatedWorker.shutdown();
      await rotatedWorker.run;
      await rotatedWorker.close();
    }
    await rotatedApi?.close();
    await stack?.close();
  });

  const sealedValues = async (): Promise<string[]> =>
    (
      await stack.api.dataSource.query(`
        SELECT syndic_password_sealed AS v FROM orders WHERE syndic_password_sealed IS NOT NULL
        UNION ALL SELECT syndic_password_sealed FROM order_refresh_requests WHERE syndic_password_sealed IS NOT NULL
        UNION ALL SELECT webhook_secret_sealed FROM accounts
        UNION ALL SELECT previous_webhook_secret_sealed FROM accounts WHERE previous_webhook_secret_sealed IS NOT NULL`)
    ).map((row: { v: string }) => row.v);

  it('reseals every value at rest under the new key, and every order keeps working', async () => {
    const headers = stack.account.headers;
    const stateOf = async (http: HttpTestClient, orderid: string) =>
      ((await http.get(`/order/${orderid}`, headers)).json as { payload: { state: string } }).payload.state;
    const create = async (username: string) =>
      (
        (
          await stack.http.post(
            '/order/',
            orderBody({ syndic: { name: 'Foncia', username, password: 'ancien-mdp' } }),
            headers,
          )
        ).json as { payload: { orderid: string } }
      ).payload.orderid;

    // Before: one order done, one waiting for corrected credentials, all sealed under the old key.
    const done = await create('jeanne.martin');
    const waiting = await create('sandbox-bad-credentials');
    await waitFor(async () => (await stateOf(stack.http, done)) === 'done', { what: 'done' });
    await waitFor(async () => (await stateOf(stack.http, waiting)) === 'waiting', { what: 'waiting' });
    // The webhook secret rotated just before: the one it replaced is kept, sealed, for its grace period.
    const rotatedSecret = await cli(
      ['account', 'rotate-secret', '--email', stack.account.email, '--grace', '1h'],
      {
        DATABASE_URL: databaseUrl,
      },
    );
    expect({ code: rotatedSecret.code, stderr: rotatedSecret.stderr }).toEqual({ code: 0, stderr: '' });
    const newSecret = (JSON.parse(rotatedSecret.stdout) as { webhook_secret: string }).webhook_secret;
    expect((await sealedValues()).every((v) => v.startsWith('v1.dev.'))).toBe(true);

    // 1. Redeploy with the new key first (old one still listed): nothing stops.
    await stack.stopWorker();
    const rotatedEnv = { ...stack.env, DATABASE_URL: databaseUrl, ENCRYPTION_KEY: ROTATED_KEYS };
    rotatedApi = await startApiTestApp({ env: rotatedEnv });
    const runtime = await createWorkerRuntime(loadConfig({ ...process.env, ...rotatedEnv }));
    rotatedWorker = {
      run: runtime.run(),
      shutdown: runtime.shutdown,
      close: runtime.close,
    };
    const http = new HttpTestClient(rotatedApi.baseUrl);

    // 2. Reseal what is at rest.
    const run = await cli(['keys', 'rotate'], { DATABASE_URL: databaseUrl, ENCRYPTION_KEY: ROTATED_KEYS });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({ resealed: 4 });
    const values = await sealedValues();
    expect(values).toHaveLength(4);
    expect(values.every((v) => v.startsWith('v1.k2026.'))).toBe(true);
    // Idempotent: a second run finds nothing to do.
    expect(
      JSON.parse(
        (await cli(['keys', 'rotate'], { DATABASE_URL: databaseUrl, ENCRYPTION_KEY: ROTATED_KEYS })).stdout,
      ),
    ).toEqual({
      resealed: 0,
    });

    // 3. Every order keeps working: a refresh with the stored (resealed) credentials, and one with new ones.
    const before = stack.receiver.received.length;
    expect(
      (await http.post(`/order/${done}/refresh`, { method: 'extranet', comment: '' }, headers)).status,
    ).toBe(200);
    expect(
      (
        await http.post(
          `/order/${waiting}/refresh`,
          {
            method: 'extranet',
            comment: '',
            syndic: { name: 'Foncia', username: 'jeanne.martin', password: 'nouveau-mdp' },
          },
          headers,
        )
      ).status,
    ).toBe(200);
    for (const orderid of [done, waiting]) {
      await waitFor(async () => (await stateOf(http, orderid)) === 'done', { what: `${orderid} done again` });
    }
    await waitFor(
      () => stack.receiver.received.slice(before).filter((w) => w.body.status === 'done').length === 2,
      {
        what: 'done notifications',
      },
    );
    // Signed with the account's new secret and, in its grace period, the one it replaced: each opened
    // from its resealed value.
    for (const secret of [newSecret, stack.account.webhookSecret]) {
      const webhook = new Webhook(secret);
      for (const received of stack.receiver.received.slice(before)) {
        expect(() => webhook.verify(received.raw, received.headers as Record<string, string>)).not.toThrow();
      }
    }
    // The refresh request written meanwhile is sealed under the new key already.
    expect((await sealedValues()).every((v) => v.startsWith('v1.k2026.'))).toBe(true);
  });

  it('fails, naming them, when values are sealed under a key that is no longer configured', async () => {
    // Two orders, their one refresh request with new credentials, one account's secret and the one its
    // rotation kept: all under k2026 now.
    const run = await cli(['keys', 'rotate'], {
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEY: `k2027:${randomBytes(32).toString('base64')}`,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: 5 sealed value\(s\) cannot be opened with the configured keys \(order_syndic_password /,
    );
    expect(run.stdout).toBe('');
  });
});
