import { type Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { type DataSource } from 'typeorm';
import { orderBody } from '../support/order-fixtures';
import { type WebhookReceiver } from '../support/webhook-receiver';

/** Concurrent clients of every load the benchmark generates. */
export const CONCURRENCY = 50;

export function benchOrder(externalId: string): Record<string, unknown> {
  return orderBody({
    syndic: { name: 'Foncia', username: `bench.${externalId}`, password: 'pw' },
    external_id: externalId,
  });
}

/**
 * `orders` test-mode orders created at once (`CONCURRENCY` at a time, through `apiUrls` in turn), and
 * the seconds from the first request until every one is `done`.
 */
export async function ordersToDone(
  dataSource: DataSource,
  apiUrls: string[],
  headers: Record<string, string>,
  orders: number,
  run: string,
): Promise<{ orderids: string[]; seconds: number }> {
  const started = Date.now();
  const orderids: string[] = [];
  await runConcurrently(orders, CONCURRENCY, async (i) => {
    const res = await fetch(`${apiUrls[i % apiUrls.length]}/order/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(benchOrder(`${run}-${i}`)),
    });
    if (res.status !== 200) throw new Error(`POST /order/ answered ${res.status}: ${await res.text()}`);
    const json = (await res.json()) as { payload: { orderid: string } };
    orderids.push(json.payload.orderid);
  });
  await waitUntil(
    async () =>
      (
        (await dataSource.query(
          `SELECT count(*)::int AS n FROM orders WHERE orderid = ANY($1) AND state = 'done'`,
          [orderids],
        )) as { n: number }[]
      )[0]!.n === orderids.length,
    `all ${orders} orders done`,
  );
  return { orderids, seconds: (Date.now() - started) / 1000 };
}

/** Until both kinds of task of `taskQueue` (workflow, activity) have a poller. */
export async function waitForPollers(client: Client, taskQueue: string): Promise<void> {
  const polled = async (taskQueueType: temporal.api.enums.v1.TaskQueueType) =>
    (
      (
        await client.workflowService.describeTaskQueue({
          namespace: 'default',
          taskQueue: { name: taskQueue },
          taskQueueType,
        })
      ).pollers ?? []
    ).length > 0;
  await waitUntil(
    async () =>
      (await polled(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW)) &&
      (await polled(temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)),
    `workers polling ${taskQueue}`,
  );
}

export async function waitUntil(
  done: () => Promise<boolean>,
  what: string,
  timeoutMs = 600_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function runConcurrently(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

export async function waitForDeliveries(
  receiver: WebhookReceiver,
  orderids: string[],
  expected: number,
): Promise<WebhookReceiver['received']> {
  const ids = new Set(orderids);
  const matching = () => receiver.received.filter((w) => ids.has(String(w.body.orderid)));
  await waitForCount(() => matching().length, expected);
  return matching();
}

export async function waitForCount(count: () => number, expected: number): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (count() < expected) {
    if (Date.now() > deadline) throw new Error(`only ${count()}/${expected} deliveries after 10 min`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Orders with this `external_id` whose workflows the relay has not started yet. */
export async function unstartedCount(dataSource: DataSource, externalId: string): Promise<number> {
  const [{ n }] = (await dataSource.query(
    `SELECT count(*)::int AS n FROM orders WHERE external_id = $1 AND workflow_started_at IS NULL`,
    [externalId],
  )) as { n: number }[];
  return n;
}

export async function waitForDrain(dataSource: DataSource, externalId: string): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (
    let left = await unstartedCount(dataSource, externalId);
    left > 0;
    left = await unstartedCount(dataSource, externalId)
  ) {
    if (Date.now() > deadline) throw new Error(`${left} orders still unstarted after 10 min`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
