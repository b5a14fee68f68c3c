import { type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import {
  startTemporalDevServer,
  stopTemporalDevServer,
  waitForTemporal,
} from '../../support/temporal-dev-server';
import { TEST_TEMPORAL_PORT, TEST_VAR_DIR } from '../../support/test-environment';
import { waitFor } from '../../support/wait-for';

interface LogEntry {
  id: string;
  status: string;
  attempt_count: number;
  delivered: string | null;
}

/**
 * A Temporal dev server of its own, keeping its state in a SQLite file as `npm start` does, is killed
 * while notifications are being retried and started again: the API and the worker carry on with it.
 */
describe('notification delivery across a crash and restart of the Temporal server', () => {
  const port = TEST_TEMPORAL_PORT + 20;
  const address = `127.0.0.1:${port}`;
  const id = randomUUID().slice(0, 8);
  const dbFile = path.join(TEST_VAR_DIR, `temporal-restart-${id}.db`);
  const logFile = path.join(TEST_VAR_DIR, `temporal-restart-${id}.log`);
  let server: ChildProcess;
  let stack: LifecycleStack;

  beforeAll(async () => {
    server = await startTemporalDevServer({ port, logFile, dbFile });
    await waitForTemporal(address, server);
    // Orders the relay could not start while the server was down are the sweep's at once.
    stack = await startLifecycleStack({ TEMPORAL_ADDRESS: address, ORDER_START_GRACE: '0s' });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await stopTemporalDevServer(server);
    for (const file of fs.readdirSync(TEST_VAR_DIR)) {
      if (file.startsWith(`temporal-restart-${id}.db`)) fs.rmSync(path.join(TEST_VAR_DIR, file));
    }
  });

  async function logOf(orderid: string): Promise<LogEntry[]> {
    const res = await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  }

  it('loses nothing: notifications retried while the server crashes are delivered after it restarts, in order, once', async () => {
    stack.receiver.respond = () => 503;
    const orderid = await stack.createOrder({ test_mode: true });
    // The failing callback does not hold up the order itself.
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'the order done' });
    const pending = await waitFor(
      async () => {
        const log = await logOf(orderid);
        return log.length === 3 && log[0]!.attempt_count >= 2 ? log : null;
      },
      { what: 'three notifications, the first retried' },
    );
    expect(pending.every((n) => n.delivered === null)).toBe(true);

    await stopTemporalDevServer(server, 'SIGKILL');
    // While it is down the API still answers; creation keeps accepting orders (started later).
    const createdWhileDown = await stack.createOrder({ test_mode: true });
    server = await startTemporalDevServer({ port, logFile, dbFile });
    await waitForTemporal(address, server);

    stack.receiver.respond = () => 200;
    const delivered = await waitFor(
      async () => {
        const log = await logOf(orderid);
        return log.every((n) => n.delivered !== null) ? log : null;
      },
      { what: 'every notification delivered after the restart', timeoutMs: 90_000 },
    );
    const received = stack.receiver.forOrder(orderid);
    expect(received.map((w) => w.body.status)).toEqual(['confirmed', 'received', 'done']);
    expect(received.map((w) => w.body.status)).toEqual(delivered.map((n) => n.status));
    expect(received.map((w) => w.headers['webhook-id'])).toEqual(delivered.map((n) => n.id));

    // The order created while Temporal was down: the relay's start retried until the server was back,
    // or it gave the order up to the recovery sweep, whose passes this runs while waiting.
    await waitFor(
      async () => {
        await stack.api.sweep.sweep();
        return (await stack.stateOf(createdWhileDown)) === 'done';
      },
      { what: 'the order created while Temporal was down, done', timeoutMs: 90_000 },
    );
  }, 240_000);
});
