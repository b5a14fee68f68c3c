import fs from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { Client as PgClient } from 'pg';
import { ClusterStack, clusterSecrets, databaseUrl, dropDatabases } from '../support/cluster-stack';
import { type OrderAudit, auditOrders, cleanAudit } from '../support/order-audit';
import { orderBody } from '../support/order-fixtures';
import { type CreationOutcome, RetryingOrderClient } from '../support/retrying-order-client';
import { waitFor } from '../support/wait-for';
import { WebhookReceiver } from '../support/webhook-receiver';

const ORDERS = Number(process.env.CLUSTER_KILL_ORDERS ?? 300);
/** Orders are created at this pace, so that the kills fall while orders are created and processed. */
const ORDERS_PER_SECOND = 10;
/** Creations sent to api-1 at once just before it is killed. */
const API_KILL_BURST = 20;
const PREFIX = process.env.TEST_CLUSTER_DATABASE_PREFIX ?? 'cluster';
const TEMPORAL_PORT = Number(process.env.TEST_CLUSTER_TEMPORAL_PORT ?? 17400);
const API_PORT = Number(process.env.TEST_CLUSTER_API_PORT ?? 3400);

/**
 * The production topology of `npm run stack:cluster` (Temporal server on PostgreSQL, two APIs, an order
 * worker, two notification workers, the sandbox) takes 300 test-mode orders through both APIs while an
 * API, the order worker and the Temporal server are each SIGKILLed and restarted by the supervisor.
 */
describe('the cluster under kills', () => {
  const databases = {
    app: `pst_${PREFIX}`,
    temporal: `temporal_${PREFIX}`,
    visibility: `temporal_${PREFIX}_visibility`,
  };
  const stack = new ClusterStack(
    {
      name: `${PREFIX}-kills`,
      databases,
      temporalPort: TEMPORAL_PORT,
      apiPorts: [API_PORT, API_PORT + 1],
      sandboxPort: API_PORT + 20,
      metricsPort: API_PORT + 50,
      env: {
        // Loopback receiver in production mode.
        CALLBACK_ALLOW_PRIVATE: 'true',
        CALLBACK_ALLOWLIST: '127.0.0.0/8',
        PASSWORD_HASH_MEMORY_KIB: '4096',
        RATE_LIMIT_API_PER_MINUTE: '1000000',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
        // Orders left in a killed API's relay are the sweep's after ORDER_START_GRACE.
        ORDER_START_SWEEP_INTERVAL: '2s',
        ORDER_START_GRACE: '5s',
        // An activity of the killed worker is retried once its attempt times out.
        EXTRANET_ACTIVITY_TIMEOUT: '20s',
        NOTIFICATION_RETRY_DELAYS: '1s,2s,5s',
        // Workflows close soon after their order is done, so that a stuck one shows as still running.
        REFRESH_WINDOW: '5s',
        NOTIFICATION_QUEUE_IDLE: '5s',
      },
    },
    clusterSecrets(),
  );
  const receiver = new WebhookReceiver();
  let connection: Connection | null = null;

  beforeAll(async () => {
    await dropDatabases([databases.app, databases.temporal, databases.visibility]);
    fs.rmSync(stack.dir, { recursive: true, force: true });
    await receiver.start();
    await stack.start();
  }, 300_000);

  afterAll(async () => {
    await connection?.close();
    await stack.stop();
    await receiver.stop();
  }, 120_000);

  it('settles every order, notification and workflow after an API, the order worker and Temporal are SIGKILLed', async () => {
    const { email, credentials } = await stack.loggedInAccount('kills', receiver.url);
    const client = new RetryingOrderClient(stack.apiUrls, credentials);

    // Three kills, a third of the way apart, each while orders are being created and processed.
    const kills: { name: string; atOrder: number; pid?: number; at?: number; openTransactions?: number }[] = [
      { name: 'api-1', atOrder: Math.floor(ORDERS / 6) },
      { name: 'worker-orders-1', atOrder: Math.floor(ORDERS / 2) },
      { name: 'temporal', atOrder: Math.floor((5 * ORDERS) / 6) },
    ];
    const db = new PgClient({ connectionString: databaseUrl(databases.app) });
    await db.connect();
    const started = Date.now();
    const outcomes: Promise<CreationOutcome>[] = [];
    for (let i = 0; i < ORDERS;) {
      const due = started + (i * 1000) / ORDERS_PER_SECOND;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      const kill = kills.find((k) => k.atOrder === i);
      if (kill?.name === 'api-1') {
        // The worst moment: a burst of creations on api-1, killed as soon as it holds a write transaction
        // open (an order and its key inserted, not committed), or once the burst is answered.
        const burst = Array.from({ length: API_KILL_BURST }, (_, j) => create(client, i + j, 0));
        outcomes.push(...burst);
        i += API_KILL_BURST;
        let burstAnswered = false;
        void Promise.all(burst).then(() => (burstAnswered = true));
        kill.openTransactions = 0;
        while (!burstAnswered && kill.openTransactions === 0) {
          const { rows } = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND application_name = 'api-1' AND backend_xid IS NOT NULL`,
          );
          kill.openTransactions = rows[0]!.n;
        }
        kill.pid = stack.kill(kill.name);
        kill.at = Date.now();
        continue;
      }
      if (kill) {
        kill.pid = stack.kill(kill.name);
        kill.at = Date.now();
      }
      outcomes.push(create(client, i));
      i += 1;
    }
    await db.end();
    const lastKillAt = Math.max(...kills.map((k) => k.at!));
    // Settled: every client answered, every order done and every notification received.
    let answered = false;
    const answers = Promise.all(outcomes).then((results) => {
      answered = true;
      return results;
    });
    let audit: OrderAudit = await auditOrders(databaseUrl(databases.app), email, receiver.received);
    const settled = waitFor(
      async () => {
        audit = await auditOrders(databaseUrl(databases.app), email, receiver.received);
        return (
          answered &&
          audit.notDone.length === 0 &&
          audit.undelivered.length === 0 &&
          audit.notReceived.length === 0
        );
      },
      { what: 'every order done and every notification received', timeoutMs: 400_000, intervalMs: 500 },
    ).catch(() => undefined);
    const results = await answers;
    const answeredIn = (Date.now() - started) / 1000;
    await settled;
    const settledAt = Date.now();
    for (const kill of kills) await stack.waitRestarted(kill.name, kill.pid!);
    // Every client got its order (a client whose key stays claimed by a killed request never does).
    const unanswered = results.filter((r) => r.orderid === null);
    const distinctOrders = new Set(results.map((r) => r.orderid).filter((id) => id !== null)).size;

    // No workflow stuck: with the short refresh window and queue idle time they all close.
    connection = await Connection.connect({ address: stack.temporalAddress });
    const temporal = new Client({ connection });
    const running = async () => Number((await temporal.workflow.count('ExecutionStatus="Running"')).count);
    await waitFor(async () => (await running()) === 0, {
      what: 'no workflow still running',
      timeoutMs: 120_000,
      intervalMs: 1000,
    }).catch(() => undefined);
    const stillRunning: string[] = [];
    for await (const w of temporal.workflow.list({ query: 'ExecutionStatus="Running"' }))
      stillRunning.push(w.workflowId);
    const [failed, terminated, timedOut] = await Promise.all(
      ['Failed', 'Terminated', 'TimedOut'].map(async (status) =>
        Number((await temporal.workflow.count(`ExecutionStatus="${status}"`)).count),
      ),
    );

    const restarts = Object.fromEntries(kills.map((k) => [k.name, stack.process(k.name).restarts]));
    console.log(
      [
        'Cluster under kills',
        `  orders created through ${stack.apiUrls.length} APIs with Idempotency-Keys ${ORDERS}, ${distinctOrders} distinct answered, ${unanswered.length} unanswered; all answers in ${answeredIn.toFixed(1)} s`,
        `  client retries: ${JSON.stringify(Object.fromEntries(client.failures))}`,
        `  kills (SIGKILL, restarted by the supervisor): ${kills
          .map(
            (k) =>
              `${k.name} at order ${k.atOrder}` +
              (k.openTransactions === undefined ? '' : ` (${k.openTransactions} write transactions open)`),
          )
          .join(', ')}; restarts ${JSON.stringify(restarts)}`,
        `  orders in the database ${audit.orders}, done ${audit.orders - audit.notDone.length}, duplicates ${audit.duplicateOrders.length}, keys without their order ${audit.keysWithoutOrder.length}, orders without a key ${audit.ordersWithoutKey.length}`,
        `  state changes ${audit.stateChanges}, notifications ${audit.notifications}, delivered ${audit.notifications - audit.undelivered.length}`,
        `  deliveries received ${audit.deliveries}, duplicates (same webhook-id) ${audit.duplicates}, out of order ${audit.outOfOrder.length}`,
        `  settled (every order done, every notification received) ${((settledAt - started) / 1000).toFixed(1)} s after the first order, ${((settledAt - lastKillAt) / 1000).toFixed(1)} s after the last kill`,
        `  workflows running ${stillRunning.length}, failed ${failed}, terminated ${terminated}, timed out ${timedOut}`,
      ].join('\n'),
    );

    expect({ unanswered, distinctOrders }).toEqual({ unanswered: [], distinctOrders: ORDERS });
    expect(audit).toEqual(cleanAudit(audit, ORDERS));
    expect({ stillRunning, failed, terminated, timedOut }).toEqual({
      stillRunning: [],
      failed: 0,
      terminated: 0,
      timedOut: 0,
    });
    for (const kill of kills) expect(restarts[kill.name]).toBeGreaterThanOrEqual(1);
  }, 900_000);
});

function create(client: RetryingOrderClient, i: number, firstApi?: number): Promise<CreationOutcome> {
  return client.create(
    i,
    orderBody({
      external_id: `KILLS-${String(i).padStart(3, '0')}`,
      // The sandbox picks the co-ownership from the username: spread them over the three.
      syndic: { name: 'Foncia', username: `etude-${i % 7}`, password: 'mot-de-passe-syndic' },
    }),
    { deadlineMs: 120_000, firstApi },
  );
}
