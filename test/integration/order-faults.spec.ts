import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { REPO_ROOT } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

interface SandboxStats {
  requests: { total: number; byRoute: Record<string, number> };
  downloads: Record<string, number>;
}

describe('order processing under faults', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack({ EXTRANET_REQUEST_TIMEOUT: '1s', EXTRANET_ACTIVITY_TIMEOUT: '4s' });
  });
  afterAll(() => stack.close());

  const admin = (route: string, body?: unknown) =>
    fetch(`${stack.sandboxUrl}/__admin/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<SandboxStats>);

  const createOrder = (username: string) =>
    stack.createOrder({ syndic: { name: 'Foncia', username, password: 'pw' } });

  it('completes when the extranet fails with 5xx, then answers too slowly, then recovers', async () => {
    await admin('reset', {});
    await admin('faults', { mode: 'error500', count: 3 });
    const orderid = await createOrder('claire.fault500');
    await waitFor(async () => (await stack.stateOf(orderid)) === 'received', { what: 'received after 5xx' });
    await admin('faults', { mode: 'slow', count: 2, latencyMs: 1500 });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done', timeoutMs: 60_000 });
    expect(await stack.transitionsOf(orderid)).toEqual(['>confirmed', 'confirmed>received', 'received>done']);
  });

  it('survives the worker process being killed during collection: no lost or repeated transition or download', async () => {
    await stack.stopWorker();
    await admin('reset', {});
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.js'), '--quiet', '--no-bundle'], {
      cwd: REPO_ROOT,
    });
    const worker: ChildProcess = spawn(process.execPath, ['dist/apps/worker/src/main.js'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...stack.env },
      stdio: 'ignore',
    });
    try {
      // Every extranet answer now takes 700 ms: the order is caught in the middle of its collection,
      // while the extranet holds its listing. The sandbox runs in this process and counts the listing
      // as it comes, so a kill as soon as it is counted falls before any download is asked for. A kill
      // timed by the order's state, read through the API and the database, came once a download was
      // under way whenever that read was slow, and a download cut short is rightly fetched again.
      await admin('faults', { mode: 'slow', count: 1000, latencyMs: 700 });
      const orderid = await createOrder('hugo.killed');
      await waitFor(async () => ((await admin('stats')).requests.byRoute['GET /api/v1/documents'] ?? 0) > 0, {
        what: 'the listing asked for',
        timeoutMs: 60_000,
        intervalMs: 10,
      });
      worker.kill('SIGKILL');
      await new Promise((resolve) => worker.once('exit', resolve));
      // Its statement collected, its documents not yet.
      expect(await stack.stateOf(orderid)).toBe('received');
      await admin('faults', { mode: 'none' });
      await stack.startWorker();
      await waitFor(async () => (await stack.stateOf(orderid)) === 'done', {
        what: 'done after restart',
        timeoutMs: 90_000,
      });
      expect(await stack.transitionsOf(orderid)).toEqual([
        '>confirmed',
        'confirmed>received',
        'received>done',
      ]);
      const stats = await admin('stats');
      const downloads = Object.values(stats.downloads);
      expect(downloads.length).toBeGreaterThan(0);
      expect(downloads.every((count) => count === 1)).toBe(true);
      const stored: { n: number }[] = await stack.api.dataSource.query(
        `SELECT count(*)::int AS n FROM documents WHERE orderid = $1 GROUP BY source_ref HAVING count(*) > 1`,
        [orderid],
      );
      expect(stored).toEqual([]);
    } finally {
      if (worker.exitCode === null) worker.kill('SIGKILL');
    }
  }, 180_000);
});

describe('a collection step whose worker is killed', () => {
  let stack: LifecycleStack;

  // The default step timeouts: 2 minutes start-to-close, 10 s heartbeat.
  beforeAll(async () => {
    stack = await startLifecycleStack({ EXTRANET_REQUEST_TIMEOUT: '30s' });
  });
  afterAll(() => stack.close());

  const admin = (route: string, body?: unknown) =>
    fetch(`${stack.sandboxUrl}/__admin/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ requests: { byRoute: Record<string, number> } }>);
  const logins = async () => (await admin('stats')).requests.byRoute['POST /api/v1/session'] ?? 0;

  it('is retried on another worker within seconds of the kill, not after its 2-minute timeout', async () => {
    await stack.stopWorker();
    await admin('reset', {});
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.js'), '--quiet', '--no-bundle'], {
      cwd: REPO_ROOT,
    });
    const worker: ChildProcess = spawn(process.execPath, ['dist/apps/worker/src/main.js'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...stack.env },
      stdio: 'ignore',
    });
    try {
      // The login answer takes 20 s: the worker is killed while the step is running.
      await admin('faults', { mode: 'slow', count: 1, latencyMs: 20_000 });
      const orderid = await stack.createOrder({
        syndic: { name: 'Foncia', username: 'ines.killed', password: 'pw' },
      });
      await waitFor(async () => (await logins()) === 1, {
        what: 'the login step running',
        timeoutMs: 60_000,
      });
      worker.kill('SIGKILL');
      const killedAt = Date.now();
      await new Promise((resolve) => worker.once('exit', resolve));
      await stack.startWorker();
      await waitFor(async () => (await logins()) >= 2, { what: 'the login step retried', timeoutMs: 60_000 });
      const resumedAfterMs = Date.now() - killedAt;
      // 10 s of heartbeat timeout and the retry's 1 s backoff, with room for a loaded machine.
      expect(resumedAfterMs).toBeLessThan(25_000);
      await waitFor(async () => (await stack.stateOf(orderid)) === 'done', {
        what: 'done',
        timeoutMs: 60_000,
      });
      expect(await stack.transitionsOf(orderid)).toEqual([
        '>confirmed',
        'confirmed>received',
        'received>done',
      ]);
    } finally {
      if (worker.exitCode === null) worker.kill('SIGKILL');
    }
  }, 180_000);
});
