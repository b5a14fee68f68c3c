import { type BenchStack, benchLog, cpuSeconds, stopChild, waitForPort } from './bench-stack';

export const HOSTILE_API_PORT = 3903;
const HOSTILE_BYTES = 30 * 1024 * 1024;
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_HOSTILE_REQUESTS ?? 20);
const LOAD_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 15);
const LOAD_CLIENTS = 4;

/** 30 MB of nesting that ends in a bad token: the body that used to hold the API for two minutes. */
function hostileBody(): Buffer {
  const body = Buffer.alloc(HOSTILE_BYTES, '[');
  body[body.length - 1] = 'x'.charCodeAt(0);
  return body;
}

/**
 * Hostile bodies sent before authentication, against an API process of their own:
 *  - the API's CPU time per request (from /proc), one request at a time, on an upload route without
 *    credentials, on the login without a key, and on a route that takes no body;
 *  - GET /health latency while 4 clients send such bodies one after the other (from another process).
 */
export async function measureHostileBodies(
  stack: BenchStack,
  env: NodeJS.ProcessEnv,
): Promise<Record<string, string | number>> {
  const results: Record<string, string | number> = {};
  const api = stack.node('api-hostile', 'dist/apps/api/src/main.js', {
    ...env,
    PORT: String(HOSTILE_API_PORT),
    ORDER_START_SWEEP_INTERVAL: '1h',
    // The login's own limit would answer 429 before the key is even looked at: measured is the check.
    RATE_LIMIT_AUTH_PER_MINUTE: '10000000',
  });
  await waitForPort(HOSTILE_API_PORT, 60_000);
  const base = `http://127.0.0.1:${HOSTILE_API_PORT}`;
  await waitForHealthy(base);
  const body = hostileBody();
  const send = async (path: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  for (const [label, path] of [
    ['POST /order/, no credentials', '/order/'],
    ['POST /account/auth, no key', '/account/auth'],
    ['POST /health', '/health'],
  ] as const) {
    await send(path);
    const cpuBefore = cpuSeconds(api.pid!);
    const started = Date.now();
    const statuses = new Set<number>();
    for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) statuses.add(await send(path));
    const cpuMs = ((cpuSeconds(api.pid!) - cpuBefore) * 1000) / SEQUENTIAL_REQUESTS;
    results[`hostile 30 MB, ${label}: API CPU/request (ms)`] =
      `${cpuMs.toFixed(1)} (answered ${[...statuses].join(', ')} in ${((Date.now() - started) / SEQUENTIAL_REQUESTS).toFixed(0)} ms)`;
  }

  const sender = stack.node('hostile-sender', 'dist/test/bench/hostile-sender.js', {
    ...env,
    HOSTILE_URL: `${base}/order/`,
    HOSTILE_CLIENTS: String(LOAD_CLIENTS),
    HOSTILE_BYTES: String(HOSTILE_BYTES),
  });
  // Their first bodies are on their way before the measurement starts.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const cpuBefore = cpuSeconds(api.pid!);
  const latencies: number[] = [];
  let unhealthy = 0;
  const started = Date.now();
  while (Date.now() - started < LOAD_SECONDS * 1000) {
    const sentAt = process.hrtime.bigint();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
    if (res.status !== 200) unhealthy++;
  }
  const busy = (100 * (cpuSeconds(api.pid!) - cpuBefore)) / ((Date.now() - started) / 1000);
  await stopChild(sender);
  const { sent } = JSON.parse(benchLog('hostile-sender').trim().split('\n').pop() ?? '{}') as {
    sent?: number;
  };
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
  results[`GET /health p50 / p99 / max, ${LOAD_CLIENTS} hostile clients (ms)`] =
    `${at(0.5)} / ${at(0.99)} / ${latencies[latencies.length - 1]!.toFixed(1)} (${latencies.length} checks, ${unhealthy} not 200)`;
  results['hostile 30 MB bodies answered meanwhile (/s)'] = (
    (sent ?? 0) /
    ((Date.now() - started) / 1000)
  ).toFixed(1);
  results['API CPU meanwhile (% of a core)'] = busy.toFixed(0);
  await stopChild(api);
  return results;
}

async function waitForHealthy(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${base}/health`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`${base}/health never answered 200`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
