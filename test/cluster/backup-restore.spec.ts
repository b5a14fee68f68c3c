import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { Client as PgClient } from 'pg';
import {
  type ClusterDatabases,
  type ClusterOptions,
  ClusterStack,
  adminQuery,
  clusterSecrets,
  databaseUrl,
  dropDatabases,
} from '../support/cluster-stack';
import { type OrderAudit, auditOrders, cleanAudit } from '../support/order-audit';
import { orderBody } from '../support/order-fixtures';
import { type CreationOutcome, RetryingOrderClient } from '../support/retrying-order-client';
import { waitFor } from '../support/wait-for';
import { WebhookReceiver } from '../support/webhook-receiver';

const run = promisify(execFile);
const PREFIX = process.env.TEST_CLUSTER_DATABASE_PREFIX ?? 'cluster';
const TEMPORAL_PORT = Number(process.env.TEST_CLUSTER_TEMPORAL_PORT ?? 17400) + 10;
const API_PORT = Number(process.env.TEST_CLUSTER_API_PORT ?? 3400) + 2;
/** Orders done before the backup, whose notifications are still being retried. */
const DONE_ORDERS = 15;
/** Orders whose collection is failing (the extranet answers 500) when the backup is taken. */
const COLLECTING_ORDERS = 15;
/** Orders created while Temporal is stopped for the backup: committed, their workflows not started. */
const UNSTARTED_ORDERS = 5;

/**
 * The README's backup procedure, run against `npm run stack:cluster` while orders are in flight: the
 * application's and Temporal's databases are dumped, the machine is lost, they are restored into fresh
 * databases, a cluster is started on them, and every order finishes with no notification lost.
 */
describe('backup and restore drill', () => {
  const original: ClusterDatabases = {
    app: `pst_${PREFIX}_drill`,
    temporal: `temporal_${PREFIX}_drill`,
    visibility: `temporal_${PREFIX}_drill_visibility`,
  };
  // The keys are kept apart from the backup, as the README asks: the restored cluster gets the same.
  const secrets = clusterSecrets();
  const options = (name: string, databases: ClusterDatabases): ClusterOptions => ({
    name,
    databases,
    temporalPort: TEMPORAL_PORT,
    apiPorts: [API_PORT, API_PORT + 1],
    sandboxPort: API_PORT + 20,
    metricsPort: API_PORT + 60,
    env: {
      CALLBACK_ALLOW_PRIVATE: 'true',
      CALLBACK_ALLOWLIST: '127.0.0.0/8',
      PASSWORD_HASH_MEMORY_KIB: '4096',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      ORDER_START_SWEEP_INTERVAL: '2s',
      ORDER_START_GRACE: '5s',
      EXTRANET_ACTIVITY_TIMEOUT: '20s',
      NOTIFICATION_RETRY_DELAYS: '1s,2s,5s',
      REFRESH_WINDOW: '5s',
      NOTIFICATION_QUEUE_IDLE: '5s',
    },
  });
  const before = new ClusterStack(options(`${PREFIX}-drill`, original), secrets);
  // Restored under the same names, as on a new server: Temporal's schema tool and server look their
  // schema version up by database name.
  const restored = original;
  const after = new ClusterStack(options(`${PREFIX}-restored`, restored), secrets);
  const backupDir = path.join(before.dir, 'backup');
  const receiver = new WebhookReceiver();
  let connection: Connection | null = null;

  beforeAll(async () => {
    await dropDatabases(Object.values(original));
    fs.rmSync(before.dir, { recursive: true, force: true });
    fs.rmSync(after.dir, { recursive: true, force: true });
    fs.mkdirSync(backupDir, { recursive: true });
    await receiver.start();
    await before.start();
  }, 300_000);

  afterAll(async () => {
    await connection?.close();
    before.crash();
    await after.stop();
    await receiver.stop();
  }, 120_000);

  it('restores the databases dumped while orders were in flight: every order finishes, no notification is lost', async () => {
    const { email, credentials } = await before.loggedInAccount('drill', receiver.url);
    const client = new RetryingOrderClient(before.apiUrls, credentials);
    const create = (batch: string, i: number) =>
      client.create(
        i,
        orderBody({
          external_id: `DRILL-${batch}-${i}`,
          syndic: { name: 'Foncia', username: `etude-${i % 7}`, password: 'mot-de-passe-syndic' },
        }),
        { deadlineMs: 60_000 },
      );
    const app = new PgClient({ connectionString: databaseUrl(original.app) });
    await app.connect();
    const count = async (where: string) =>
      (await app.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE ${where}`)).rows[0]!.n;

    // In flight: done orders whose notifications the receiver refuses, retried by their queues...
    receiver.respond = () => 503;
    const outcomes: CreationOutcome[] = [];
    outcomes.push(...(await Promise.all(Array.from({ length: DONE_ORDERS }, (_, i) => create('A', i)))));
    await waitFor(async () => (await count(`state = 'done'`)) === DONE_ORDERS, {
      what: 'the first orders done',
      timeoutMs: 120_000,
    });
    // ...orders whose collection fails and is retried by Temporal (the extranet answers 500)...
    const faults = await fetch(`http://127.0.0.1:${before.options.sandboxPort}/__admin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'error500' }),
    });
    expect(faults.status).toBe(200);
    outcomes.push(
      ...(await Promise.all(Array.from({ length: COLLECTING_ORDERS }, (_, i) => create('B', i)))),
    );
    await waitFor(async () => (await count(`workflow_started_at IS NULL`)) === 0, {
      what: 'the workflows of the collecting orders started',
      timeoutMs: 120_000,
    });

    // The backup, as the README says: Temporal stopped while its two databases and then the
    // application's are dumped, so that Temporal's state is never ahead of the application's.
    const pauseStarted = Date.now();
    await before.command('stop-service', 'temporal');
    // ...and orders created meanwhile: the API commits them, their workflows wait for Temporal.
    const unstarted = Promise.all(Array.from({ length: UNSTARTED_ORDERS }, (_, i) => create('C', i)));
    const dumps: Record<string, number> = {};
    for (const [label, name] of [
      ['temporal', original.temporal],
      ['temporal_visibility', original.visibility],
    ] as const) {
      dumps[label] = await pgDump(name, path.join(backupDir, `${label}.dump`));
    }
    outcomes.push(...(await unstarted));
    const inFlight = (
      await app.query<{ state: string; started: boolean; n: number }>(
        `SELECT state, workflow_started_at IS NOT NULL AS started, count(*)::int AS n FROM orders GROUP BY 1, 2 ORDER BY 1, 2`,
      )
    ).rows;
    const pendingNotifications = (
      await app.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE delivered_at IS NULL`,
      )
    ).rows[0]!.n;
    dumps.pre_statement = await pgDump(original.app, path.join(backupDir, 'pre_statement.dump'));
    await before.command('start-service', 'temporal');
    const pauseSeconds = (Date.now() - pauseStarted) / 1000;
    await run('tar', [
      '-czf',
      path.join(backupDir, 'documents.tgz'),
      '-C',
      path.join(before.dir, 'documents'),
      '.',
    ]);
    await app.end();

    // The machine is lost, its databases with it.
    before.crash();
    await dropDatabases(Object.values(original));

    // The restore: fresh databases from the dumps, the documents, a cluster with the same keys.
    const restoreStarted = Date.now();
    for (const [label, name] of [
      ['temporal', restored.temporal],
      ['temporal_visibility', restored.visibility],
      ['pre_statement', restored.app],
    ] as const) {
      await adminQuery(`CREATE DATABASE ${name}`);
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '-d',
        databaseUrl(name),
        path.join(backupDir, `${label}.dump`),
      ]);
    }
    fs.mkdirSync(path.join(after.dir, 'documents'), { recursive: true });
    await run('tar', [
      '-xzf',
      path.join(backupDir, 'documents.tgz'),
      '-C',
      path.join(after.dir, 'documents'),
    ]);
    await after.start();
    const restoredAt = Date.now();
    receiver.respond = () => 200;

    let audit: OrderAudit = await auditOrders(databaseUrl(restored.app), email, receiver.received);
    await waitFor(
      async () => {
        // A read that fails (PostgreSQL is shared with the restored cluster starting up) is tried again:
        // only the deadline ends the wait, and the assertions below judge the last complete audit.
        const latest = await auditOrders(databaseUrl(restored.app), email, receiver.received).catch(
          () => null,
        );
        if (latest === null) return false;
        audit = latest;
        return audit.notDone.length === 0 && audit.undelivered.length === 0 && audit.notReceived.length === 0;
      },
      { what: 'every order done and every notification received', timeoutMs: 300_000, intervalMs: 1000 },
    ).catch(() => undefined);
    const settledAt = Date.now();

    connection = await Connection.connect({ address: after.temporalAddress });
    const temporal = new Client({ connection });
    await waitFor(
      async () =>
        Number(
          (await temporal.workflow.count('ExecutionStatus="Running"').catch(() => ({ count: -1 }))).count,
        ) === 0,
      {
        what: 'no workflow still running',
        timeoutMs: 120_000,
        intervalMs: 1000,
      },
    ).catch(() => undefined);
    const stillRunning: string[] = [];
    for await (const w of temporal.workflow.list({ query: 'ExecutionStatus="Running"' }))
      stillRunning.push(w.workflowId);
    const failed = Number(
      (
        await temporal.workflow.count(
          'ExecutionStatus="Failed" OR ExecutionStatus="Terminated" OR ExecutionStatus="TimedOut"',
        )
      ).count,
    );
    const restoredOrders = new Set(
      (
        await queryRows<{ orderid: string }>(
          databaseUrl(restored.app),
          `SELECT orderid FROM orders WHERE account_id = (SELECT id FROM accounts WHERE email = $1)`,
          [email],
        )
      ).map((o) => o.orderid),
    );
    const lost = outcomes.filter((o) => o.orderid === null || !restoredOrders.has(o.orderid));

    console.log(
      [
        'Backup and restore drill',
        `  at the backup: orders by state ${inFlight.map((r) => `${r.state}${r.started ? '' : ' (workflow not started)'} ${r.n}`).join(', ')}; notifications not delivered ${pendingNotifications}`,
        `  Temporal stopped ${pauseSeconds.toFixed(1)} s for the dumps; dump sizes (KiB) ${Object.entries(
          dumps,
        )
          .map(([k, v]) => `${k} ${Math.round(v / 1024)}`)
          .join(', ')}`,
        `  restored and the cluster started in ${((restoredAt - restoreStarted) / 1000).toFixed(1)} s`,
        `  orders ${audit.orders} (lost ${lost.length}), done ${audit.orders - audit.notDone.length}; notifications ${audit.notifications} for ${audit.stateChanges} state changes, delivered ${audit.notifications - audit.undelivered.length}`,
        `  deliveries received ${audit.deliveries}, duplicates (same webhook-id) ${audit.duplicates}, out of order ${audit.outOfOrder.length}`,
        `  settled ${((settledAt - restoredAt) / 1000).toFixed(1)} s after the restored cluster was ready`,
        `  workflows running ${stillRunning.length}, failed/terminated/timed out ${failed}`,
      ].join('\n'),
    );

    // Orders were really in flight when the backup was taken.
    expect(inFlight.filter((r) => r.state !== 'done').reduce((n, r) => n + r.n, 0)).toBe(
      COLLECTING_ORDERS + UNSTARTED_ORDERS,
    );
    expect(pendingNotifications).toBeGreaterThanOrEqual(DONE_ORDERS);
    const total = DONE_ORDERS + COLLECTING_ORDERS + UNSTARTED_ORDERS;
    expect(lost).toEqual([]);
    expect(audit).toEqual(cleanAudit(audit, total));
    expect({ stillRunning, failed }).toEqual({ stillRunning: [], failed: 0 });
  }, 900_000);
});

/** `pg_dump -Fc` of one database into `file`; its size in bytes. */
async function pgDump(name: string, file: string): Promise<number> {
  await run('pg_dump', ['-Fc', '-f', file, databaseUrl(name)]);
  return fs.statSync(file).size;
}

async function queryRows<T extends object>(url: string, sql: string, params: unknown[]): Promise<T[]> {
  const db = new PgClient({ connectionString: url });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}
