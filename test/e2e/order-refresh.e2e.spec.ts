import { ORDER_WORKFLOW_GATEWAY } from '@apps/api/src/platform/temporal.module';
import { orderWorkflowId } from '@libs/orders/order-id';
import { type OrderRecord } from '@libs/orders/order-record';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { orderWorkflowsStarted } from '../support/order-workflows';
import { RecordingWorkflowGateway } from '../support/recording-workflow-gateway';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';

const SYNDIC_MESSAGE = "Informations du syndic manquantes ou incorrectes pour la méthode 'extranet'";
const syndic = { name: 'Foncia', username: 'marie.dupont', password: 'nouveau-s3cret' };

function expectError(res: TestResponse, status: number, message: string | RegExp): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.json as object)).toEqual(['message', 'payload', 'success']);
  expect(res.json).toEqual({ message: expect.stringMatching(message), payload: null, success: false });
}

/** The refresh requests stored for the order, applied or not. */
function refreshRequestsOf(app: ApiTestApp, orderid: string): Promise<unknown[]> {
  return app.dataSource.query(`SELECT id, applied_at FROM order_refresh_requests WHERE orderid = $1`, [
    orderid,
  ]);
}

async function createOrder(http: HttpTestClient, account: SignedInAccount, overrides = {}): Promise<string> {
  const res = await http.post('/order/', orderBody(overrides), account.headers);
  expect(res.status).toBe(200);
  return (res.json as { payload: OrderRecord }).payload.orderid;
}

describe('refresh API (Temporal, no worker)', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;
  let bob: SignedInAccount;

  beforeAll(async () => {
    app = await startApiTestApp({ env: { TEMPORAL_TASK_QUEUE: 'e2e-order-refresh' } });
    http = new HttpTestClient(app.baseUrl);
    [alice, bob] = await Promise.all([createSignedInAccount(app), createSignedInAccount(app)]);
  });
  afterAll(() => app.close());

  describe('POST /order/<orderid>/refresh', () => {
    it('answers 404 for an unknown, malformed or foreign order', async () => {
      const bobsOrder = await createOrder(http, bob);
      for (const orderid of ['ZZZZZ0', 'abc', bobsOrder]) {
        expectError(
          await http.post(`/order/${orderid}/refresh`, { method: 'extranet', syndic }, alice.headers),
          404,
          /^Commande introuvable$/,
        );
      }
    });

    it('answers the published syndic error for extranet without any credentials', async () => {
      const orderid = await createOrder(http, alice, { method: 'upload', syndic: undefined });
      for (const body of [{ method: 'extranet' }, { method: 'extranet', syndic: null }]) {
        expectError(
          await http.post(`/order/${orderid}/refresh`, body, alice.headers),
          400,
          new RegExp(`^${SYNDIC_MESSAGE}$`),
        );
      }
      expectError(
        await http.post(
          `/order/${orderid}/refresh`,
          { method: 'extranet', syndic: { name: 'Foncia' } },
          alice.headers,
        ),
        400,
        new RegExp(`^${SYNDIC_MESSAGE}$`),
      );
    });

    it('refuses the upload method for an extranet order', async () => {
      const orderid = await createOrder(http, alice);
      expectError(
        await http.post(`/order/${orderid}/refresh`, { method: 'upload' }, alice.headers),
        400,
        /^Le champ 'method' doit valoir 'extranet'$/,
      );
    });

    it('answers 409 "La commande est clôturée" once the workflow is over', async () => {
      const orderid = await createOrder(http, alice);
      await orderWorkflowsStarted(app.dataSource, orderid);
      await app.temporal.workflow.getHandle(orderWorkflowId(orderid)).terminate('refresh window over (test)');
      expectError(
        await http.post(
          `/order/${orderid}/refresh`,
          { method: 'extranet', all_due_paid: true },
          alice.headers,
        ),
        409,
        /^La commande est clôturée$/,
      );
      expectError(
        await http.post(
          '/order/needrefresh',
          { orderid, account: alice.email, method: 'extranet', syndic },
          alice.headers,
        ),
        409,
        /^La commande est clôturée$/,
      );
      // Refused: neither request is kept, nor the credentials it carried.
      expect(await refreshRequestsOf(app, orderid)).toEqual([]);
    });

    it('requires authentication', async () => {
      const res = await http.post('/order/ABC123/refresh', {}, { 'X-Auth-Key': alice.apiKey });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /order/needrefresh (deprecated)', () => {
    it('is not captured by the `:orderid` routes: another method answers 405 with Allow', async () => {
      const res = await http.get('/order/needrefresh', alice.headers);
      expectError(res, 405, /./);
      expect(res.headers.get('allow')).toBe('POST');
      // An order id that is no route's still answers 404.
      expectError(await http.get('/order/ZZ99ZZ', alice.headers), 404, /^Commande introuvable$/);
    });

    it('answers 404 when the account is not the caller’s, or the order not theirs', async () => {
      const orderid = await createOrder(http, alice);
      const body = { orderid, method: 'extranet', syndic };
      expectError(
        await http.post('/order/needrefresh', { ...body, account: bob.email }, alice.headers),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await http.post('/order/needrefresh', { ...body, account: alice.email }, bob.headers),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await http.post('/order/needrefresh', { ...body, account: bob.email }, bob.headers),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await http.post(
          '/order/needrefresh',
          { ...body, orderid: 'nope', account: alice.email },
          alice.headers,
        ),
        404,
        /^Commande introuvable$/,
      );
    });

    it('validates its body', async () => {
      expectError(
        await http.post(
          '/order/needrefresh',
          { method: 'extranet', syndic, account: alice.email },
          alice.headers,
        ),
        400,
        /^Le champ 'orderid' est obligatoire$/,
      );
      const orderid = await createOrder(http, alice, { method: 'upload', syndic: undefined });
      expectError(
        await http.post(
          '/order/needrefresh',
          { orderid, account: alice.email, method: 'extranet' },
          alice.headers,
        ),
        400,
        new RegExp(`^${SYNDIC_MESSAGE}$`),
      );
    });
  });
});

describe('refresh API (recording workflow gateway)', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;
  const gateway = new RecordingWorkflowGateway((orderid) => ({
    account: 'from-the-workflow@example.fr',
    billing_mode: null,
    created: 'Tue, 25 Mar 2025 17:32:39 GMT',
    external_id: 'DOSSIER-42',
    orderid,
    pending: true,
    refreshed: true,
    sso_provider: null,
    state: 'need-refresh',
    test_mode: true,
    updated: 'Wed, 26 Mar 2025 08:00:00 GMT',
  }));

  beforeAll(async () => {
    app = await startApiTestApp({
      env: { TEMPORAL_TASK_QUEUE: 'e2e-order-refresh-fake' },
      overrides: [{ provide: ORDER_WORKFLOW_GATEWAY, useValue: gateway }],
    });
    http = new HttpTestClient(app.baseUrl);
    alice = await createSignedInAccount(app);
  });
  afterAll(() => app.close());

  it('stores the request (password sealed) and answers with the update’s record and a null message', async () => {
    const orderid = await createOrder(http, alice);
    const res = await http.post(
      `/order/${orderid}/refresh`,
      { all_due_paid: true, comment: 'Nouveau PV', method: 'extranet', syndic },
      alice.headers,
    );
    expect(res.status).toBe(200);
    expect(res.text.startsWith('{"message":null,"payload":{"account":')).toBe(true);
    expect(res.json).toEqual({ message: null, payload: expect.any(Object), success: true });
    const { payload } = res.json as { payload: OrderRecord };
    expect(Object.keys(payload)).toEqual([...Object.keys(payload)].sort());
    expect(payload).toMatchObject({
      orderid,
      state: 'need-refresh',
      refreshed: true,
      account: 'from-the-workflow@example.fr',
    });
    expect(res.headers.get('deprecation')).toBeNull();

    const sent = gateway.refreshes.at(-1)!;
    expect(sent.orderid).toBe(orderid);
    const stored = await new OrderRefreshRequestRepository(app.dataSource).findById(sent.refreshRequestId);
    expect(stored).toMatchObject({
      orderid,
      comment: 'Nouveau PV',
      allDuePaid: true,
      method: 'extranet',
      syndicName: 'Foncia',
      syndicUsername: 'marie.dupont',
      appliedAt: null,
    });
    expect(stored!.syndicPasswordSealed).toMatch(/^v1\./);
    expect(app.security.secretBox.open(stored!.syndicPasswordSealed!, orderid)).toBe('nouveau-s3cret');
  });

  it('refuses a refresh once the refresh window is over, before storing it or asking the workflow', async () => {
    const orderid = await createOrder(http, alice);
    await app.dataSource.query(
      `UPDATE orders SET state = 'done', done_at = now() - interval '181 days' WHERE orderid = $1`,
      [orderid],
    );
    const asked = gateway.refreshes.length;
    expectError(
      await http.post(`/order/${orderid}/refresh`, { method: 'extranet', syndic }, alice.headers),
      409,
      /^La commande est clôturée$/,
    );
    expect(gateway.refreshes).toHaveLength(asked);
    expect(await refreshRequestsOf(app, orderid)).toEqual([]);
    // Within the window, the same order is refreshed.
    await app.dataSource.query(`UPDATE orders SET done_at = now() - interval '179 days' WHERE orderid = $1`, [
      orderid,
    ]);
    expect((await http.post(`/order/${orderid}/refresh`, { method: 'extranet' }, alice.headers)).status).toBe(
      200,
    );
  });

  it('lets the syndic be omitted when the order has credentials', async () => {
    const orderid = await createOrder(http, alice);
    const res = await http.post(
      `/order/${orderid}/refresh`,
      { all_due_paid: false, comment: '', method: 'extranet' },
      alice.headers,
    );
    expect(res.status).toBe(200);
    const stored = await new OrderRefreshRequestRepository(app.dataSource).findById(
      gateway.refreshes.at(-1)!.refreshRequestId,
    );
    expect(stored).toMatchObject({
      syndicName: null,
      syndicPasswordSealed: null,
      comment: '',
      allDuePaid: false,
    });
  });

  it('accepts the upload method for an upload order', async () => {
    const orderid = await createOrder(http, alice, { method: 'upload', syndic: undefined });
    const res = await http.post(
      `/order/${orderid}/refresh`,
      { method: 'upload', comment: 'Nouvelles pièces' },
      alice.headers,
    );
    expect(res.status).toBe(200);
    const stored = await new OrderRefreshRequestRepository(app.dataSource).findById(
      gateway.refreshes.at(-1)!.refreshRequestId,
    );
    expect(stored).toMatchObject({ method: 'upload', syndicPasswordSealed: null });
  });

  it('POST /order/needrefresh has the same effect and answer, flagged deprecated', async () => {
    const orderid = await createOrder(http, alice);
    const before = gateway.refreshes.length;
    const res = await http.post(
      '/order/needrefresh',
      { orderid, account: alice.email.toUpperCase(), method: 'extranet', syndic },
      alice.headers,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.json).toMatchObject({
      message: null,
      payload: { orderid, state: 'need-refresh' },
      success: true,
    });
    expect(gateway.refreshes).toHaveLength(before + 1);
    expect(gateway.refreshes.at(-1)!.orderid).toBe(orderid);
  });
});
