import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { quietWorkerLogs } from './quiet-worker-logs';
import { startSandboxExtranet } from '@apps/extranet-sandbox/src/sandbox-server';
import { createWorkerRuntime } from '@apps/worker/src/worker.composition';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { OrderRepository } from '@libs/orders/order.repository';
import { type ApiTestApp, startApiTestApp } from './api-test-app';
import { HttpTestClient } from './http-test-client';
import { orderBody } from './order-fixtures';
import { type SignedInAccount, createTestAccount, signIn } from './test-accounts';
import { TEST_VAR_DIR } from './test-environment';
import { WebhookReceiver } from './webhook-receiver';

/** Short durations so whole lifecycles run in seconds against the real servers. */
export const FAST_LIFECYCLE_ENV = {
  POLL_INTERVAL: '1s',
  WAITING_DEADLINE: '1h',
  REFRESH_WINDOW: '1h',
  NOTIFICATION_RETRY_DELAYS: '200ms,500ms,1s',
  NOTIFICATION_DEADLINE: '1h',
  NOTIFICATION_TIMEOUT: '2s',
  CALLBACK_ALLOW_PRIVATE: 'true',
};

export interface LifecycleStack {
  api: ApiTestApp;
  http: HttpTestClient;
  receiver: WebhookReceiver;
  /** The sandbox extranet: test-mode orders only. */
  sandboxUrl: string;
  /**
   * A syndic's extranet for live orders (`syndic.url`): another instance of the sandbox server, so it
   * speaks the same protocol, at an address that is not the configured sandbox's.
   */
  syndicExtranetUrl: string;
  account: SignedInAccount;
  env: Record<string, string>;
  /**
   * Creates an order of the stack's account, or of `of` (the fixture body with `overrides`); returns its
   * id.
   */
  createOrder(overrides: Record<string, unknown>, of?: SignedInAccount): Promise<string>;
  /** The order's state as the API reports it. */
  stateOf(orderid: string): Promise<string>;
  /** The order's persisted transitions, as `from>to` (`>confirmed` for the first). */
  transitionsOf(orderid: string): Promise<string[]>;
  /** (Re)starts the worker; the previous one must have been stopped. */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * API, worker, sandbox extranet and a webhook receiver, all real, on loopback; each stack has its own
 * task queue and document directory so test files never see each other's work.
 */
export async function startLifecycleStack(
  env: Record<string, string> = {},
  options: {
    sandbox?: Partial<Parameters<typeof startSandboxExtranet>[0]>;
    api?: Omit<Parameters<typeof startApiTestApp>[0], 'env'>;
  } = {},
): Promise<LifecycleStack> {
  quietWorkerLogs();
  const sandbox = await startSandboxExtranet({
    port: 0,
    latencyMs: 5,
    slowLatencyMs: 1500,
    ...options.sandbox,
  });
  const syndicExtranet = await startSandboxExtranet({ port: 0, latencyMs: 5 });
  const receiver = await new WebhookReceiver().start();
  const id = randomUUID().slice(0, 8);
  const fullEnv: Record<string, string> = {
    ...FAST_LIFECYCLE_ENV,
    TEMPORAL_TASK_QUEUE: `lifecycle-${id}`,
    EXTRANET_SANDBOX_URL: sandbox.url,
    DOCUMENTS_DIR: path.join(TEST_VAR_DIR, `documents-${id}`),
    // Without SMTP_URL the worker writes emails as .eml files: kept with the other test files.
    MAIL_OUTBOX_DIR: path.join(TEST_VAR_DIR, `mail-${id}`),
    ...env,
  };
  const api = await startApiTestApp({ ...options.api, env: fullEnv });
  const account = await signIn(api, await createTestAccount(api, { callbackUrl: receiver.url }));
  const config: AppConfig = loadConfig({ ...process.env, ...fullEnv });
  let running: { shutdown: () => void; run: Promise<void>; close: () => Promise<void> } | null = null;

  const stack: LifecycleStack = {
    api,
    http: new HttpTestClient(api.baseUrl),
    receiver,
    sandboxUrl: sandbox.url,
    syndicExtranetUrl: syndicExtranet.url,
    account,
    env: fullEnv,
    async createOrder(overrides, of = account) {
      const res = await stack.http.post('/order/', orderBody(overrides), of.headers);
      if (res.status !== 200) throw new Error(`order creation answered ${res.status}: ${res.text}`);
      return (res.json as { payload: { orderid: string } }).payload.orderid;
    },
    async stateOf(orderid) {
      const res = await stack.http.get(`/order/${orderid}`, account.headers);
      return (res.json as { payload: { state: string } }).payload.state;
    },
    async transitionsOf(orderid) {
      const events = await new OrderRepository(api.dataSource).listEvents(orderid);
      return events.map((e) => `${e.fromState ?? ''}>${e.toState}`);
    },
    async startWorker() {
      const runtime = await createWorkerRuntime(config);
      running = { shutdown: runtime.shutdown, run: runtime.run(), close: runtime.close };
    },
    async stopWorker() {
      if (!running) return;
      const current = running;
      running = null;
      current.shutdown();
      await current.run;
      await current.close();
    },
    async close() {
      await stack.stopWorker();
      await api.close();
      await receiver.stop();
      await sandbox.close();
      await syndicExtranet.close();
    },
  };
  await stack.startWorker();
  return stack;
}
