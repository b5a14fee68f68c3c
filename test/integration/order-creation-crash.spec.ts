import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';
import { closedPort } from '../support/closed-port';
import { REPO_ROOT, TEST_VAR_DIR } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

const BURST = 40;
/** How long after the API is back every key must have its answer. */
const RECOVERY_MS = 10_000;

/**
 * The compiled API as a process of its own, SIGKILLed in the middle of a burst of creations with
 * `Idempotency-Key`s, then started again: every key's retry answers 200 with the order any earlier
 * answer gave (or creates it), soon, and no order exists that no key answers with. Keys used to be
 * reserved, then the order created, then the key completed, in three commits: a kill between them
 * left keys "in progress" for 24 h (409) and orders the client could never learn the id of.
 */
describe('order creation when the API process is killed mid-burst', () => {
  const id = randomUUID().slice(0, 8);
  const logFile = path.join(TEST_VAR_DIR, `creation-crash-${id}.log`);
  let app: ApiTestApp;
  let account: SignedInAccount;
  let api: ChildProcess | null = null;
  let port: number;

  const startApi = async (): Promise<HttpTestClient> => {
    const log = fs.openSync(logFile, 'a');
    api = spawn(process.execPath, ['dist/apps/api/src/main.js'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // No worker polls it: creation does not need one.
        TEMPORAL_TASK_QUEUE: `creation-crash-${id}`,
        DOCUMENTS_DIR: path.join(TEST_VAR_DIR, `creation-crash-${id}`),
      },
      stdio: ['ignore', log, log],
    });
    const client = new HttpTestClient(`http://127.0.0.1:${port}`);
    await waitFor(
      async () => {
        if (api?.exitCode !== null) throw new Error(`the API exited: ${fs.readFileSync(logFile, 'utf8')}`);
        return (await client.get('/health').catch(() => null))?.status === 200;
      },
      { what: 'the API process to answer', timeoutMs: 60_000, intervalMs: 100 },
    );
    return client;
  };

  const killApi = async (): Promise<void> => {
    const child = api;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.js', '--quiet', '--no-bundle'], { cwd: REPO_ROOT });
    port = await closedPort();
    app = await startApiTestApp({
      env: { TEMPORAL_TASK_QUEUE: `creation-crash-${id}`, ORDER_START_GRACE: '0s' },
    });
    account = await createSignedInAccount(app);
  }, 120_000);
  afterAll(async () => {
    await killApi();
    // Orders the killed process committed but did not start: started here, on this file's queue.
    await app.sweep.sweep();
    await app.close();
  });

  it('answers every retried key with its one order within 10 s of the restart, and leaves no order without a key', async () => {
    const requests = Array.from({ length: BURST }, (_, i) => ({
      key: `crash-${id}-${i}`,
      body: orderBody({ external_id: `CRASH-${id}-${i}` }),
    }));
    const post = (client: HttpTestClient, r: (typeof requests)[number]): Promise<TestResponse | null> =>
      client.post('/order/', r.body, { ...account.headers, 'Idempotency-Key': r.key }).catch(() => null);

    let client = await startApi();
    const first: (TestResponse | null)[] = Array(BURST).fill(null);
    let answered = 0;
    const burst = Promise.all(
      requests.map(async (r, i) => {
        first[i] = await post(client, r);
        // Killed at the fifth answer, while most of the burst is still in flight; by that answer only:
        // the requests failing after it, answered still 5, each added an exit listener (11 of them).
        if (first[i] && ++answered === 5) await killApi();
      }),
    );
    await burst;
    await killApi();
    const answeredBefore = first.filter((r) => r?.status === 200).length;
    expect(answeredBefore).toBeGreaterThanOrEqual(5);
    expect(answeredBefore).toBeLessThan(BURST);

    client = await startApi();
    const restartedAt = Date.now();
    const retried = await Promise.all(
      requests.map(async (r) => {
        for (;;) {
          const res = await post(client, r);
          if (res?.status === 200 || Date.now() - restartedAt > RECOVERY_MS) return res;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    const recoveredInMs = Date.now() - restartedAt;

    const orderidOf = (res: TestResponse | null | undefined) =>
      (res?.json as { payload?: { orderid?: string } } | undefined)?.payload?.orderid;
    for (const [i, res] of retried.entries()) {
      expect({
        key: requests[i]!.key,
        status: res?.status,
        text: res?.status === 200 ? '' : res?.text,
      }).toEqual({
        key: requests[i]!.key,
        status: 200,
        text: '',
      });
      // The same order as any answer given before the kill.
      if (first[i]?.status === 200) expect(orderidOf(res)).toBe(orderidOf(first[i]));
    }
    expect(recoveredInMs).toBeLessThan(RECOVERY_MS);
    const answeredIds = new Set(retried.map(orderidOf));
    expect(answeredIds.size).toBe(BURST);
    const stored = await app.dataSource.query<{ orderid: string }[]>(
      `SELECT orderid FROM orders WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [account.email],
    );
    expect(new Set(stored.map((o) => o.orderid))).toEqual(answeredIds);
  }, 180_000);
});
