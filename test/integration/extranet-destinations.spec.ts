import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { orderWorkflowId } from '@libs/orders/order-id';
import { OrderRepository } from '@libs/orders/order.repository';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { orderBody } from '../support/order-fixtures';
import { waitFor } from '../support/wait-for';
import { recordWorkflowHistory } from '../support/workflow-history-recorder';

/** A real HTTP server on loopback standing for an internal service: it must never hear from the worker. */
interface InternalService {
  port: number;
  connections: number;
  requests: number;
  close(): Promise<void>;
}

async function startInternalService(): Promise<InternalService> {
  const counts = { connections: 0, requests: 0 };
  const server: Server = createServer((req, res) => {
    counts.requests++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"token":"internal"}');
  });
  server.on('connection', () => counts.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return counts.connections;
    },
    get requests() {
      return counts.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How many attempts each (non-local) activity of the order's workflow took, by type: a started event
 * is recorded once per scheduled activity, with the number of its last attempt.
 */
async function activityAttempts(stack: LifecycleStack, orderid: string): Promise<Record<string, number>> {
  const history = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).fetchHistory();
  const typeOf = new Map<string, string>();
  const attempts: Record<string, number> = {};
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) typeOf.set(String(event.eventId), scheduled.activityType?.name ?? '?');
    const started = event.activityTaskStartedEventAttributes;
    if (started) {
      const type = typeOf.get(String(started.scheduledEventId)) ?? '?';
      attempts[type] = (attempts[type] ?? 0) + (started.attempt ?? 0);
    }
  }
  return attempts;
}

interface AssistanceRow {
  state: string;
  fulfilmentMode: string | null;
  assistanceReason: string | null;
  assistanceDetail: string | null;
  assistedSince: Date | null;
}

async function assistanceOf(stack: LifecycleStack, orderid: string): Promise<AssistanceRow> {
  const order = (await new OrderRepository(stack.api.dataSource).findById(orderid))!;
  return {
    state: order.state,
    fulfilmentMode: order.fulfilmentMode,
    assistanceReason: order.assistanceReason,
    assistanceDetail: order.assistanceDetail,
    assistedSince: order.assistedSince,
  };
}

/** The events that handed the order to operators (the client is told nothing of them). */
async function assistedEvents(stack: LifecycleStack, orderid: string) {
  const events = await new OrderRepository(stack.api.dataSource).listEvents(orderid);
  return events.filter((e) => e.trigger === 'fulfilment-assisted').map((e) => e.detail);
}

async function sandboxRequests(stack: LifecycleStack): Promise<number> {
  const stats = (await (await fetch(`${stack.sandboxUrl}/__admin/stats`)).json()) as {
    requests: { total: number };
  };
  return stats.requests.total;
}

describe('extranet destinations of live orders, production address policy (SSRF)', () => {
  let stack: LifecycleStack;
  let internal: InternalService;

  beforeAll(async () => {
    internal = await startInternalService();
    // Private, loopback, link-local, CGNAT and metadata destinations refused, nothing allowlisted.
    stack = await startLifecycleStack({ CALLBACK_ALLOW_PRIVATE: 'false' });
  });
  afterAll(async () => {
    await stack.close();
    await internal.close();
  });

  const liveOrderBody = (url: string) => ({
    test_mode: false,
    syndic: { name: 'Cabinet Martin', username: 'marie.dupont', password: 'mot-de-passe-vendeur', url },
  });

  it.each([
    ['an IPv4 loopback literal', (port: number) => `http://127.0.0.1:${port}/`],
    ['an IPv4-mapped IPv6 literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses %s as syndic.url at creation with a French 400 naming the field', async (_label, urlOf) => {
    const res = await stack.http.post(
      '/order/',
      orderBody(liveOrderBody(urlOf(internal.port))),
      stack.account.headers,
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message:
        "Le champ 'syndic.url' désigne une adresse interdite (boucle locale, réseau privé, lien local ou " +
        'service de métadonnées) : donnez l’adresse publique de l’extranet',
      payload: null,
      success: false,
    });
    expect(internal.connections).toBe(0);
  });

  it('never connects to a host name resolving to loopback: operators take the order over, once, visibly', async () => {
    const orderid = await stack.createOrder(liveOrderBody(`http://localhost:${internal.port}/extranet`));
    const assisted = await waitFor(async () => (await assistanceOf(stack, orderid)).assistedSince !== null, {
      what: 'the order assisted',
    });
    expect(assisted).toBe(true);
    const row = await assistanceOf(stack, orderid);
    expect(row).toMatchObject({
      state: 'confirmed',
      fulfilmentMode: 'assisted',
      assistanceReason: 'destination_refused',
    });
    expect(row.assistanceDetail).toMatch(
      /^extranet address (127\.0\.0\.1|::1) is not allowed \(loopback; resolved from localhost\)$/,
    );
    expect(await assistedEvents(stack, orderid)).toEqual([
      { reason: 'destination_refused', detail: row.assistanceDetail },
    ]);
    // Not an endless retry: one attempt, no activity left pending, nothing more a while later.
    await sleep(3000);
    expect(await activityAttempts(stack, orderid)).toEqual({ verifyExtranetLogin: 1 });
    const description = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.raw.pendingActivities ?? []).toHaveLength(0);
    expect(await assistedEvents(stack, orderid)).toHaveLength(1);
    // The internal service never heard of it, and the order's state says nothing of it to the client.
    expect(internal.connections).toBe(0);
    expect(internal.requests).toBe(0);
    expect(await stack.stateOf(orderid)).toBe('confirmed');
    expect(await stack.transitionsOf(orderid)).toEqual(['>confirmed', 'confirmed>confirmed']);
  });
});

describe('live orders never reach the sandbox extranet', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    // The development policy: every address allowed. The sandbox is refused to live orders anyway.
    stack = await startLifecycleStack();
  });
  afterAll(() => stack.close());

  it('hands a live order no connector serves to operators, visibly, until a refresh gives its extranet', async () => {
    const before = await sandboxRequests(stack);
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mot-de-passe-vendeur' },
    });
    await waitFor(async () => (await assistanceOf(stack, orderid)).assistedSince !== null, {
      what: 'the order assisted',
    });
    expect(await assistanceOf(stack, orderid)).toMatchObject({
      state: 'confirmed',
      fulfilmentMode: 'assisted',
      assistanceReason: 'no_connector',
      assistanceDetail:
        'No extranet connector is registered for the syndic and the order gives no syndic.url',
    });
    await sleep(2000);
    expect(await stack.stateOf(orderid)).toBe('confirmed');
    expect(await sandboxRequests(stack)).toBe(before);
    // Routed before any extranet step: nothing was even tried.
    expect(await activityAttempts(stack, orderid)).toEqual({});

    const refresh = await stack.http.post(
      `/order/${orderid}/refresh`,
      {
        method: 'extranet',
        comment: 'adresse de l’extranet',
        syndic: {
          name: 'Foncia',
          username: 'marie.dupont',
          password: 'mot-de-passe-vendeur',
          url: stack.syndicExtranetUrl,
        },
      },
      stack.account.headers,
    );
    expect(refresh.status).toBe(200);
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done after the refresh' });
    expect(await stack.transitionsOf(orderid)).toEqual([
      '>confirmed',
      'confirmed>confirmed',
      'confirmed>need-refresh',
      'need-refresh>received',
      'received>done',
    ]);
    expect(await assistanceOf(stack, orderid)).toMatchObject({
      fulfilmentMode: 'automatic',
      assistanceReason: null,
      assistanceDetail: null,
      assistedSince: null,
    });
    expect(await sandboxRequests(stack)).toBe(before);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'no-connector-assisted-then-refresh',
    );
  });

  it.each([
    ['its address', (sandbox: URL) => sandbox.href],
    ['another name of its host', (sandbox: URL) => `http://localhost:${sandbox.port}/`],
  ])('refuses a live order whose syndic.url is the sandbox (%s)', async (_label, urlOf) => {
    const before = await sandboxRequests(stack);
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: {
        name: 'Foncia',
        username: 'marie.dupont',
        password: 'mot-de-passe-vendeur',
        url: urlOf(new URL(stack.sandboxUrl)),
      },
    });
    await waitFor(async () => (await assistanceOf(stack, orderid)).assistedSince !== null, {
      what: 'the order assisted',
    });
    const row = await assistanceOf(stack, orderid);
    expect(row).toMatchObject({ state: 'confirmed', assistanceReason: 'destination_refused' });
    expect(row.assistanceDetail).toMatch(/is the sandbox extranet: never called here$/);
    expect(await sandboxRequests(stack)).toBe(before);
  });

  it('still sends test-mode orders to the sandbox', async () => {
    const before = await sandboxRequests(stack);
    const orderid = await stack.createOrder({ test_mode: true });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    expect(await sandboxRequests(stack)).toBeGreaterThan(before);
  });
});
