import fs from 'node:fs';
import autocannon from 'autocannon';
import { type DataSource } from 'typeorm';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { obtainTemporalBinaries } from '../support/cluster-global-setup';
import { ClusterStack, clusterSecrets, databaseUrl, dropDatabases } from '../support/cluster-stack';
import { WebhookReceiver } from '../support/webhook-receiver';
import {
  CONCURRENCY,
  benchOrder,
  ordersToDone,
  unstartedCount,
  waitForDeliveries,
  waitForDrain,
} from './bench-orders';
import { CpuLedger, formatLedger, postgresCpuSeconds } from './bench-stack';

const ORDERS = Number(process.env.BENCH_CLUSTER_ORDERS ?? 200);
/** Orders through both APIs and both order workers before anything is measured: JIT, pools, caches. */
const WARM_UP_ORDERS = 20;
const CREATE_SECONDS = Number(process.env.BENCH_CLUSTER_DURATION_S ?? 10);
/** Notifications of a test-mode order (received, confirmed, done). */
const NOTIFICATIONS_PER_ORDER = 3;
// Ports and databases of its own: it runs beside a dev stack, `npm run bench` and the test suites.
const TEMPORAL_PORT = 17633;
const API_PORTS = [3910, 3911];
const SANDBOX_PORT = 3912;
const METRICS_PORT = 3950;
const DATABASES = {
  app: 'pre_statement_bench_cluster',
  temporal: 'temporal_bench_cluster',
  visibility: 'temporal_bench_cluster_visibility',
};

type Results = Record<string, string | number>;

/**
 * Scale-out on `npm run stack:cluster`'s topology (Temporal server on PostgreSQL, two APIs, two order
 * workers, a notification worker, the sandbox), each figure with the machine's CPU and each process's
 * share of it:
 *  - `ORDERS` test-mode orders created at once through both APIs until all are `done`, with two order
 *    workers, then with one (the other stopped through the supervisor);
 *  - POST /order/ for `CREATE_SECONDS` with 50 connections on one API process, then 25 on each of two,
 *    with the workers stopped so that the orders created stay unprocessed; after each, how long the
 *    relay takes to start their workflows, so that the next load does not share the machine with it.
 * One notification worker, not the topology's two: deliveries are not measured, and on 2 cores a
 * process more is CPU taken from those that are.
 */
export async function measureClusterScaleOut(results: Results): Promise<void> {
  obtainTemporalBinaries();
  await dropDatabases(Object.values(DATABASES));
  const stack = new ClusterStack(
    {
      name: 'bench/cluster',
      databases: DATABASES,
      temporalPort: TEMPORAL_PORT,
      apiPorts: API_PORTS,
      sandboxPort: SANDBOX_PORT,
      metricsPort: METRICS_PORT,
      env: {
        CLUSTER_ORDER_WORKERS: '2',
        CLUSTER_NOTIFICATION_WORKERS: '1',
        // The receiver is on loopback, which production mode refuses otherwise.
        CALLBACK_ALLOW_PRIVATE: 'true',
        CALLBACK_ALLOWLIST: '127.0.0.0/8',
        NOTIFICATION_RETRY_DELAYS: '1s',
        // Five processes with the default pool of 20, and Temporal's 30, would pass PostgreSQL's default
        // max_connections (100) under this load; 10 a process is more than 2 cores keep busy.
        DATABASE_POOL_SIZE: '10',
        // One key and one address send everything: their rate limits would be measured instead.
        RATE_LIMIT_API_PER_MINUTE: '10000000',
        RATE_LIMIT_IP_PER_MINUTE: '10000000',
        RATE_LIMIT_AUTH_PER_MINUTE: '10000000',
      },
    },
    clusterSecrets(),
  );
  fs.rmSync(stack.dir, { recursive: true, force: true });
  const receiver = new WebhookReceiver();
  let dataSource: DataSource | null = null;
  try {
    await receiver.start();
    console.log(`[bench] starting the cluster (logs in ${stack.dir})`);
    await stack.start();
    const db = await createDataSource({ url: databaseUrl(DATABASES.app), poolSize: 2 }).initialize();
    dataSource = db;
    const { credentials } = await stack.loggedInAccount('bench-cluster', receiver.url);
    const headers = { 'Content-Type': 'application/json', ...credentials };

    const endToEnd = async (run: string, orders: number) => {
      const ledger = cpuLedger(stack);
      const { orderids, seconds } = await ordersToDone(db, stack.apiUrls, headers, orders, run);
      const cpu = cpuUse(ledger);
      // The next measurement starts with no delivery left of this one.
      await waitForDeliveries(receiver, orderids, orders * NOTIFICATIONS_PER_ORDER);
      return { seconds, cpu };
    };
    console.log('[bench] end to end');
    await endToEnd('warm-up', WARM_UP_ORDERS);
    // Two workers first: both are warm then, where a worker started again for the second would be cold.
    for (const workers of [2, 1]) {
      if (workers === 1) await stack.command('stop-service', 'worker-orders-2');
      const { seconds, cpu } = await endToEnd(`e2e-${workers}`, ORDERS);
      const label = `cluster, ${workers} order worker${workers === 1 ? '' : 's'}`;
      results[`${label}: ${ORDERS} orders → done (s)`] =
        `${seconds.toFixed(1)} (${(ORDERS / seconds).toFixed(1)} orders/s)`;
      results[`${label}: CPU, % of a core`] = cpu;
    }

    // Orders created from now on stay unprocessed: their processing would share the machine.
    for (const name of ['worker-orders-1', 'worker-notifications-1'])
      await stack.command('stop-service', name);
    console.log('[bench] POST /order/');
    const body = JSON.stringify(benchOrder('create-warm-up'));
    await Promise.all(
      stack.apiUrls.map((url) =>
        autocannon({ url: `${url}/order/`, method: 'POST', headers, body, connections: 10, duration: 3 }),
      ),
    );
    await waitForDrain(db, 'create-warm-up');
    for (const apis of [1, 2]) {
      const run = `create-${apis}`;
      const targets = stack.apiUrls.slice(0, apis);
      const ledger = cpuLedger(stack);
      const runs = await Promise.all(
        targets.map((url) =>
          autocannon({
            url: `${url}/order/`,
            method: 'POST',
            headers,
            body: JSON.stringify(benchOrder(run)),
            connections: CONCURRENCY / apis,
            duration: CREATE_SECONDS,
          }),
        ),
      );
      const cpu = cpuUse(ledger);
      const loadEnded = Date.now();
      const unstarted = await unstartedCount(db, run);
      await waitForDrain(db, run);
      const rates = runs.map((r) => r.requests.average);
      const label = `cluster, POST /order/ on ${apis} API process${apis === 1 ? '' : 'es'}`;
      results[`${label} (req/s)`] =
        `${rates.reduce((a, b) => a + b, 0).toFixed(0)}` +
        (apis === 1 ? '' : ` (${rates.map((r) => r.toFixed(0)).join(' + ')})`) +
        `, p99 ${runs.map((r) => r.latency.p99).join(' / ')} ms, non-2xx ${runs.reduce((n, r) => n + r.non2xx, 0)}`;
      results[`${label}: CPU, % of a core`] = cpu;
      results[`${label}: workflows started after the load`] =
        `${unstarted} in ${((Date.now() - loadEnded) / 1000).toFixed(1)} s`;
    }
  } finally {
    await dataSource?.destroy();
    await stack.stop().catch((error: unknown) => {
      console.error(`[bench] the cluster did not stop in order (${String(error)}): killing it`);
      stack.crash();
    });
    await receiver.stop();
  }
}

function cpuUse(ledger: CpuLedger): string {
  return `machine ${ledger.machineBusyPercent()} % busy; ${formatLedger(ledger.percentOfCore())}`;
}

/**
 * CPU from now on of every process the cluster runs, by its name; of the PostgreSQL server (the whole
 * server: the cluster's load, unless something else uses it meanwhile); and of this process, the load
 * generator.
 */
function cpuLedger(stack: ClusterStack): CpuLedger {
  const running = Object.entries(stack.readState()?.processes ?? {}).flatMap(([name, p]) =>
    p.pid === null ? [] : [[name, p.pid] as const],
  );
  return new CpuLedger({
    ...Object.fromEntries(running),
    postgres: postgresCpuSeconds,
    'load generator': process.pid,
  });
}
