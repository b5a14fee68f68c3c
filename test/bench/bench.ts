import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { Client, Connection } from '@temporalio/client';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { createTemporalClient } from '@libs/platform/temporal/temporal-client';
import { generateOrderId } from '@libs/orders/creation/order-id-generator';
import { AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { loadConfig } from '@libs/platform/config/app-config';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { createSecurityServices } from '@libs/security/security-services.factory';
import { assertPortsFree } from '../support/local-ports';
import { WebhookReceiver } from '../support/webhook-receiver';
import {
  CONCURRENCY,
  benchOrder,
  ordersToDone,
  runConcurrently,
  unstartedCount,
  waitForCount,
  waitForDeliveries,
  waitForDrain,
  waitForPollers,
  waitUntil,
} from './bench-orders';
import { measureClusterScaleOut } from './cluster-scale.phase';
import { HOSTILE_API_PORT, measureHostileBodies } from './hostile-bodies.phase';
import { formatHistoryShape, historyShape } from './history-shape';
import {
  BenchStack,
  ROOT,
  CpuLedger,
  cpuSeconds,
  formatLedger,
  formatSplit,
  machineCpuTicks,
  peakRssMiB,
  postgresCpuSeconds,
  ResidentMemorySampler,
  rssMiB,
  recreateDatabase,
  stopChild,
  waitForPort,
} from './bench-stack';

/**
 * `npm run bench`: figures, not pass/fail. Against the real stack (Temporal dev server, PostgreSQL,
 * API and worker processes) it measures
 *  1. the raw `client.workflow.start` rate (the ceiling),
 *  2. POST /order/ throughput and latency at 50 concurrent clients, and the ratio to (1); then how long
 *     the relay takes to start the workflows of every order created (creation does not wait for it),
 *  3. 200 test-mode orders created at once until all are `done`, with the worker's peak memory, and
 *     the floor before and after them: the same Temporal choreography with activities that do nothing
 *     (floor-worker.ts),
 *  4. the delay between each of their state changes and its delivery to a local receiver, and the
 *     delivery rate with 1,000 test notifications pending (queued while the worker is stopped),
 *  5. what 30 MB hostile bodies sent without credentials cost the API, and GET /health latency while
 *     4 clients send them (hostile-bodies.phase.ts).
 * BENCH_CPU_PROFILE=1 writes a CPU profile of each process under var/bench/profiles; BENCH_ONLY=hostile
 * runs phase 5 alone, BENCH_ONLY=creation phases 1 and 2, BENCH_ONLY=e2e phases 3 and 4a,
 * BENCH_ONLY=drain the service's orders of phase 3 and phase 4 without the floor (about a minute and a
 * half).
 * BENCH_ONLY=cluster (`npm run bench:cluster`) runs instead the scale-out over API and worker processes
 * on the cluster (cluster-scale.phase.ts), which takes several minutes and is left out of the default run.
 */
const API_PORT = 3900;
const E2E_API_PORT = 3902;
const SANDBOX_PORT = 3901;
const TEMPORAL_PORT = 17433;
const E2E_ORDERS = Number(process.env.BENCH_E2E_ORDERS ?? 200);

async function main(): Promise<void> {
  const stack = new BenchStack();
  // Every process of the run is started with this Node (`npm run bench:node24`: the image's runtime).
  const results: Record<string, string | number> = { runtime: `Node ${process.version}` };
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && !['cluster', 'hostile', 'creation', 'e2e', 'drain'].includes(only)) {
    throw new Error(`BENCH_ONLY=${only}: expected cluster, hostile, creation, e2e or drain`);
  }
  try {
    if (only === 'cluster') {
      await measureClusterScaleOut(results);
      return;
    }
    // The run waits for these ports to open: a server left on one by an interrupted run would answer
    // in place of the one started now, and the figures would be that server's (Temporal's ports are
    // checked as its dev server starts).
    await assertPortsFree([API_PORT, E2E_API_PORT, SANDBOX_PORT, HOSTILE_API_PORT]);
    const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const databaseUrl = await recreateDatabase(adminUrl, 'pre_statement_bench');
    const temporalAddress = await stack.startTemporal(TEMPORAL_PORT);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalAddress,
      TEMPORAL_TASK_QUEUE: 'bench-orders',
      PORT: String(API_PORT),
      EXTRANET_SANDBOX_PORT: String(SANDBOX_PORT),
      WORKFLOW_BUNDLE_PATH: `${ROOT}/dist/workflow-bundle.js`,
      DOCUMENTS_DIR: `${ROOT}/var/bench/documents`,
      CALLBACK_ALLOW_PRIVATE: 'true',
      NOTIFICATION_RETRY_DELAYS: '1s',
      // Throughput is measured from one API key and address: their rate limits would be measured instead.
      RATE_LIMIT_API_PER_MINUTE: '10000000',
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
    };
    if (only === 'hostile') {
      Object.assign(results, await measureHostileBodies(stack, env));
      return;
    }
    const config = loadConfig(env);
    const connection = await Connection.connect({ address: temporalAddress });
    const client = new Client({ connection });
    await waitForNamespace(client);

    // 1. Raw start rate: the ceiling for order creation.
    const rawCount = Number(process.env.BENCH_RAW_STARTS ?? 1500);
    const rawStarted = Date.now();
    await runConcurrently(rawCount, CONCURRENCY, (i) =>
      client.workflow.start('benchNoop', { taskQueue: 'bench-raw', workflowId: `raw-${i}-${randomUUID()}` }),
    );
    const rawRate = rawCount / ((Date.now() - rawStarted) / 1000);
    results['raw workflow.start rate (starts/s)'] = rawRate.toFixed(0);

    // 2. POST /order/ through the API process (no worker yet: measures creation only).
    const receiver = await new WebhookReceiver().start();
    const dataSource = await createDataSource(config.database).initialize();
    const security = createSecurityServices(config.security);
    const admin = new AccountAdministrationService(
      new AccountRepository(dataSource),
      new ApiKeyRepository(dataSource),
      security.passwords,
      security.secretBox,
    );
    const password = 'bench-password-123';
    const account = await admin.create({
      email: `bench-${randomUUID().slice(0, 6)}@example.fr`,
      password,
      callbackUrl: receiver.url,
      shareDocuments: false,
      shareRegistrationId: false,
    });
    // Orders of the creation phase go to a queue no worker polls, so they do not weigh on phase 3.
    const createApi = stack.node('api-create', 'dist/apps/api/src/main.js', {
      ...env,
      TEMPORAL_TASK_QUEUE: 'bench-unprocessed',
    });
    // Its recovery sweep would start the creation phase's orders still queued in api-create's relay on
    // the worker's task queue; api-create's relay and sweep start them on their own.
    const e2eApi = stack.node('api', 'dist/apps/api/src/main.js', {
      ...env,
      PORT: String(E2E_API_PORT),
      ORDER_START_SWEEP_INTERVAL: '1h',
    });
    const sandbox = stack.node('extranet', 'dist/apps/extranet-sandbox/src/main.js', env);
    await waitForPort(API_PORT, 60_000);
    await waitForPort(E2E_API_PORT, 60_000);
    await waitForPort(SANDBOX_PORT, 60_000);
    const base = `http://127.0.0.1:${API_PORT}`;
    const auth = await fetch(`${base}/account/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Key': account.api_key },
      body: JSON.stringify({ email: account.email, password }),
    }).then((r) => r.json() as Promise<{ payload: { access_token: string } }>);
    const headers = {
      'Content-Type': 'application/json',
      'X-Auth-Key': account.api_key,
      Authorization: `Bearer ${auth.payload.access_token}`,
    };
    // The clients this run opened, closed at its end (or after phase 2 with BENCH_ONLY=creation).
    const closeClients = async () => {
      await receiver.stop();
      await dataSource.destroy();
      await connection.close();
    };
    if (only === undefined || only === 'creation') await measureCreation();
    if (only === 'creation') {
      await closeClients();
      return;
    }
    async function measureCreation(): Promise<void> {
      const body = JSON.stringify(benchOrder('bench-create'));
      await autocannon({
        url: `${base}/order/`,
        method: 'POST',
        headers,
        body,
        connections: 10,
        duration: 3,
      }); // warm-up
      const unstartedBefore = await unstartedCount(dataSource, 'bench-create');
      // What a creation costs each process, comparable with the cluster's (cluster-scale.phase.ts).
      const createCpu = new CpuLedger({
        api: createApi.pid!,
        temporal: stack.temporalPid!,
        postgres: postgresCpuSeconds,
        'load generator': process.pid,
      });
      const createStarted = Date.now();
      const create = await autocannon({
        url: `${base}/order/`,
        method: 'POST',
        headers,
        body,
        connections: CONCURRENCY,
        duration: Number(process.env.BENCH_DURATION_S ?? 15),
      });
      results['POST /order/ throughput (req/s)'] = create.requests.average.toFixed(0);
      results['POST /order/ p50 latency (ms)'] = create.latency.p50;
      results['POST /order/ p99 latency (ms)'] = create.latency.p99;
      results['POST /order/ non-2xx'] = create.non2xx;
      results['ratio create / raw start'] = (create.requests.average / rawRate).toFixed(2);
      results['POST /order/ CPU per request (ms)'] =
        `${formatLedger(createCpu.perUnitMs(create.requests.total, 2))} (machine ${createCpu.machineBusyPercent()} % busy)`;
      // Creation answers before the workflows start: wait until the relay has started them all.
      const createEnded = Date.now();
      const unstartedAfter = await unstartedCount(dataSource, 'bench-create');
      await waitForDrain(dataSource, 'bench-create');
      const relayDrainSeconds = (Date.now() - createEnded) / 1000;
      const startedInWindow = create['2xx'] + unstartedBefore;
      results['unstarted when the load stopped'] = unstartedAfter;
      results['relay drain after the load (s)'] = relayDrainSeconds.toFixed(1);
      results['relay start rate, load + drain (starts/s)'] = (
        startedInWindow /
        ((Date.now() - createStarted) / 1000)
      ).toFixed(0);
    }

    // 3a. The floor, first of two: the same workers and workflow code on the same server, over
    // activities whose dependencies do nothing (floor-worker.ts). It runs before and after the
    // service's orders, and the ratio is to the mean of the two: on a shared virtual machine the
    // machine's speed drifts over minutes, and one floor alone moved the ratio by a third.
    const floorBefore = only === 'drain' ? null : await measureFloor(stack, env, client);

    // 3b. End to end: N test-mode orders at once until all are done.
    // As in production: order processing and notification delivery in their own worker processes.
    const worker = stack.worker('worker', 'dist/apps/worker/src/main.js', {
      ...env,
      WORKER_QUEUES: 'orders',
    });
    const notifierEnv = {
      ...env,
      WORKER_QUEUES: 'notifications',
      WORKER_METRICS_PORT: '9474',
      WORKER_APP_METRICS_PORT: '9475',
    };
    const notifier = stack.worker('worker-notifications', 'dist/apps/worker/src/main.js', notifierEnv);
    // The clock starts once both poll: a worker's start-up is not an order's cost.
    await waitForPollers(client, config.temporal.taskQueue);
    // What a worker holds before its first order: its code, the SDK's runtime and workflow thread.
    const workerIdleRss = rssMiB(worker.pid!);
    const workerMemory = new ResidentMemorySampler(worker.pid!);
    const e2eBase = `http://127.0.0.1:${E2E_API_PORT}`;
    const e2eCpu = new CpuLedger({
      'order worker': worker.pid!,
      'notification worker': notifier.pid!,
      api: e2eApi.pid!,
      sandbox: sandbox.pid!,
      temporal: stack.temporalPid!,
    });
    const { orderids, seconds: e2eSeconds } = await ordersToDone(
      dataSource,
      [e2eBase],
      headers,
      E2E_ORDERS,
      'e2e',
    );
    const e2eRate = E2E_ORDERS / e2eSeconds;
    results[`${E2E_ORDERS} orders created → done (s)`] = e2eSeconds.toFixed(1);
    results['end-to-end orders/s'] = e2eRate.toFixed(1);
    results['end-to-end CPU per order (ms)'] = formatLedger(e2eCpu.perUnitMs(E2E_ORDERS));
    results['order worker RSS polling, before any order (MiB)'] = workerIdleRss;
    results['order worker peak RSS (MiB)'] = peakRssMiB(worker.pid!);
    results['order worker RSS at its peak: anonymous / mapped files (MiB)'] = formatSplit(
      workerMemory.stop(),
    );
    results['notification worker peak RSS (MiB)'] = peakRssMiB(notifier.pid!);

    // 4a. Delay between a state change and its delivery, over the notifications of phase 3. `confirmed`
    // is stamped at creation and queued once the workflow starts, which the relay may hold back during
    // the burst (ORDER_START_MAX_DEFER): it measures the start, not delivery, so it is left out.
    const e2eNotifications = (await waitForDeliveries(receiver, orderids, E2E_ORDERS * 3)).filter(
      (w) => w.body.status !== 'confirmed',
    );
    const changedAt = (await dataSource.query(
      `SELECT id, created_at FROM notifications WHERE orderid = ANY($1)`,
      [orderids],
    )) as { id: string; created_at: Date }[];
    const changeTimes = new Map(changedAt.map((n) => [n.id, n.created_at.getTime()]));
    const delays = e2eNotifications
      .map((w) => w.receivedAt - (changeTimes.get(String(w.headers['webhook-id'])) ?? w.receivedAt))
      .sort((a, b) => a - b);
    results['state change → delivery p50 (ms)'] = delays[Math.floor(delays.length * 0.5)] ?? 'n/a';
    results['state change → delivery p99 (ms)'] = delays[Math.floor(delays.length * 0.99)] ?? 'n/a';

    // The service's workers stop before the second floor, as none ran beside the first.
    await Promise.all([stopChild(worker), stopChild(notifier)]);

    if (floorBefore !== null) await compareWithFloor(floorBefore);
    async function compareWithFloor(floorBefore: FloorRun): Promise<void> {
      // 3c. The floor again, after the service's orders and their deliveries (4a).
      const floorAfter = await measureFloor(stack, env, client);
      const floorRate = (floorBefore.rate + floorAfter.rate) / 2;
      results['floor: the same choreography, activities doing nothing (orders/s)'] =
        `${floorRate.toFixed(1)} (before the service's orders ${floorBefore.rate.toFixed(1)}, after ${floorAfter.rate.toFixed(1)})`;
      results['floor CPU per order, before (ms)'] = formatLedger(floorBefore.cpu);
      results['floor CPU per order, after (ms)'] = formatLedger(floorAfter.cpu);
      const floorPeak =
        floorAfter.orderWorkerPeakRss >= floorBefore.orderWorkerPeakRss ? floorAfter : floorBefore;
      results['floor order worker peak RSS (MiB)'] = floorPeak.orderWorkerPeakRss;
      results['floor order worker RSS at its peak: anonymous / mapped files (MiB)'] = formatSplit(
        floorPeak.orderWorkerSplit,
      );
      results['ratio end-to-end / floor'] =
        `${(e2eRate / floorRate).toFixed(2)} (to each floor: ${(e2eRate / floorBefore.rate).toFixed(2)}, ${(e2eRate / floorAfter.rate).toFixed(2)})`;
      const e2eHistory = await historyShape(client, orderids);
      const floorHistory = await historyShape(client, floorAfter.orderids);
      results['history per order: order workflow'] = formatHistoryShape(e2eHistory.order);
      results['history per order: notification queue'] = formatHistoryShape(e2eHistory.notifications);
      results['floor history per order: order workflow'] = formatHistoryShape(floorHistory.order);
      results['floor history per order: notification queue'] = formatHistoryShape(floorHistory.notifications);
    }

    if (only !== 'e2e') await measureDrainAndHostileBodies();
    async function measureDrainAndHostileBodies(): Promise<void> {
      // 4b. Deliveries per second with 1,000 notifications pending (test events, the same pipeline):
      // queued through the API while no notification worker runs, then drained by a fresh one.
      const pending = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);
      const events = ['received', 'waiting', 'need-refresh', 'confirmed', 'done'];
      const before = receiver.received.length;
      const queueStarted = Date.now();
      await runConcurrently(pending, CONCURRENCY, async (i) => {
        const res = await fetch(`${e2eBase}/test/webhook-events`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ orderid: orderids[i % orderids.length], event: events[i % events.length] }),
        });
        if (res.status !== 200) throw new Error(`test event answered ${res.status}: ${await res.text()}`);
      });
      results[`${pending} test events queued via the API (/s)`] = (
        pending /
        ((Date.now() - queueStarted) / 1000)
      ).toFixed(0);
      // Earlier phases' writes (documents, PDFs, logs) are flushed now, not by the kernel during the drain.
      execFileSync('sync');
      const drainer = stack.worker('worker-drain', 'dist/apps/worker/src/main.js', notifierEnv);
      await waitForCount(() => receiver.received.length - before, 1);
      // Both from the first delivery: the worker's start-up is not counted.
      const workerCpuBefore = cpuSeconds(drainer.pid!);
      const temporalCpuBefore = cpuSeconds(stack.temporalPid!);
      const machineBefore = machineCpuTicks();
      await waitForCount(() => receiver.received.length - before, pending);
      const machineAfter = machineCpuTicks();
      const drained = receiver.received.slice(before).map((w) => w.receivedAt);
      const drainSeconds = (Math.max(...drained) - Math.min(...drained)) / 1000;
      results[`${pending} pending delivered, first to last (s)`] = drainSeconds.toFixed(1);
      results['deliveries/s'] = ((pending - 1) / drainSeconds).toFixed(0);
      results['notification worker CPU per delivery (ms)'] = (
        ((cpuSeconds(drainer.pid!) - workerCpuBefore) * 1000) /
        pending
      ).toFixed(1);
      results['machine CPU busy while draining (%)'] = (
        (100 * (machineAfter.busy - machineBefore.busy)) /
        (machineAfter.total - machineBefore.total)
      ).toFixed(0);
      results['Temporal CPU per delivery (ms)'] = (
        ((cpuSeconds(stack.temporalPid!) - temporalCpuBefore) * 1000) /
        pending
      ).toFixed(1);

      // 5. Hostile bodies before authentication.
      if (only === undefined) Object.assign(results, await measureHostileBodies(stack, env));
    }

    await closeClients();
  } finally {
    await stack.stop();
    // Also after a failure: the phases that ran.
    console.log('\nBenchmark results');
    for (const [name, value] of Object.entries(results)) console.log(`  ${name.padEnd(40)} ${value}`);
    if (only === undefined) {
      console.log('\nScale-out over API and worker processes (several minutes): npm run bench:cluster');
    }
  }
}

interface FloorRun {
  rate: number;
  cpu: Record<string, number>;
  orderWorkerPeakRss: number;
  orderWorkerSplit: { anonymous: number; files: number };
  orderids: string[];
}

/**
 * Orders/s of the floor: `E2E_ORDERS` orders started on a task queue of its own, served by floor
 * workers split as the service's are (orders, notifications), until every one's state is `done`.
 */
async function measureFloor(stack: BenchStack, env: NodeJS.ProcessEnv, client: Client): Promise<FloorRun> {
  const floorEnv = {
    ...env,
    TEMPORAL_TASK_QUEUE: 'bench-floor',
    WORKER_METRICS_PORT: '0',
    WORKER_APP_METRICS_PORT: '0',
  };
  const orders = stack.worker('floor-orders', 'dist/test/bench/floor-worker.js', {
    ...floorEnv,
    WORKER_QUEUES: 'orders',
  });
  const notifications = stack.worker('floor-notifications', 'dist/test/bench/floor-worker.js', {
    ...floorEnv,
    WORKER_QUEUES: 'notifications',
  });
  const config = loadConfig(floorEnv);
  await waitForPollers(client, config.temporal.taskQueue);
  const memory = new ResidentMemorySampler(orders.pid!);
  const starter = TemporalOrderWorkflowStarter.fromConfig(
    createTemporalClient(client.connection, config),
    config,
  );
  const run = `floor-${randomUUID().slice(0, 8)}`;
  const started = Date.now();
  const ledger = new CpuLedger({
    'order worker': orders.pid!,
    'notification worker': notifications.pid!,
    temporal: stack.temporalPid!,
  });
  const orderids: string[] = [];
  await runConcurrently(E2E_ORDERS, CONCURRENCY, () => {
    const orderid = generateOrderId();
    orderids.push(orderid);
    return starter.start({ orderid, account: 'floor@example.fr', externalId: run, testMode: true });
  });
  await waitUntil(
    async () =>
      (await client.workflow.count(`ExternalId = '${run}' AND OrderState = 'done'`)).count === E2E_ORDERS,
    `all ${E2E_ORDERS} floor orders done`,
  );
  const seconds = (Date.now() - started) / 1000;
  const cpu = ledger.perUnitMs(E2E_ORDERS);
  const orderWorkerPeakRss = peakRssMiB(orders.pid!);
  const orderWorkerSplit = memory.stop();
  await Promise.all([stopChild(orders), stopChild(notifications)]);
  return { rate: E2E_ORDERS / seconds, cpu, orderWorkerPeakRss, orderWorkerSplit, orderids };
}

async function waitForNamespace(client: Client): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await client.workflowService.describeNamespace({ namespace: 'default' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
