import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { type TestResponse } from '../../support/http-test-client';
import { uploadItem } from '../../support/document-fixtures';
import { orderBody } from '../../support/order-fixtures';
import { type SignedInAccount, createTestAccount, signIn } from '../../support/test-accounts';
import { waitFor } from '../../support/wait-for';

interface Route {
  method: string;
  path: string;
}

// Routes that take the order id in their body rather than their path.
const BODY_ORDER_ROUTES = ['/order/needrefresh', '/test/webhook-events', '/order/test/webhook-events'];
const UNKNOWN_ORDER = 'ZZZZZ9';

/**
 * Isolation (docs/contract.md §1 and §3): every route of the router, the ones added later included,
 * is tried with account B's credentials on account A's order (same answer as for an order that does
 * not exist: 404 where an order is named), and with A's token under B's API key (401).
 */
describe('isolation between accounts, on every route', () => {
  let stack: LifecycleStack;
  let alice: SignedInAccount;
  let bob: SignedInAccount;
  let orderid: string;
  let notificationId: string;
  let routes: Route[];

  beforeAll(async () => {
    stack = await startLifecycleStack();
    alice = stack.account;
    bob = await signIn(stack.api, await createTestAccount(stack.api));
    const created = await stack.http.post('/order/', orderBody(), alice.headers);
    orderid = (created.json as { payload: { orderid: string } }).payload.orderid;
    await waitFor(
      async () => {
        const res = await stack.http.get(`/order/${orderid}`, alice.headers);
        return (res.json as { payload: { state: string } }).payload.state === 'done';
      },
      { what: 'done' },
    );
    notificationId = await waitFor(
      async () => {
        const res = await stack.http.get(`/order/${orderid}/notifications`, alice.headers);
        return (res.json as { payload: { notifications: { id: string }[] } }).payload.notifications[0]?.id;
      },
      { what: 'a notification' },
    );
    routes = stack.api.routes
      .list()
      .flatMap(({ path, methods }) => methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path })))
      .filter(({ path }) => !/[*?()]/.test(path));
  });
  afterAll(() => stack.close());

  function send(route: Route, order: string, headers: Record<string, string>): Promise<TestResponse> {
    const path = route.path.replace(':orderid', order).replace(/:\w+/g, notificationId);
    const body = {
      orderid: order,
      account: bob.email,
      event: 'done',
      method: 'extranet',
      comment: 'isolation',
      syndic: { name: 'Foncia', username: 'u', password: 'p' },
      documents: [uploadItem()],
    };
    return route.method === 'GET'
      ? stack.http.get(path, headers)
      : stack.http.request(route.method, path, JSON.stringify(body), {
          ...headers,
          'Content-Type': 'application/json',
        });
  }

  /**
   * Protected routes answer 400 "invalid key" without credentials, and 401 with a key and no token;
   * public ones (health, codec…) do not, nor does the login, which takes the key alone.
   */
  async function protectedRoutes(): Promise<Route[]> {
    const found: Route[] = [];
    for (const route of routes) {
      const res = await send(route, orderid, {});
      if (res.status !== 400 || (res.json as { message: string }).message !== "La clé API n'est pas valide") {
        continue;
      }
      if ((await send(route, orderid, { 'X-Auth-Key': bob.apiKey })).status === 401) found.push(route);
    }
    return found;
  }

  it('finds the order routes in the router', async () => {
    const names = (await protectedRoutes()).map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /order/:orderid',
        'POST /order/:orderid/refresh',
        'POST /order/:orderid/documents',
        'GET /order/:orderid/document',
        'GET /order/:orderid/notifications',
        'POST /order/needrefresh',
      ]),
    );
  });

  it("answers B on A's order exactly as on an order that does not exist: 404 where an order is named", async () => {
    const checked: string[] = [];
    for (const route of await protectedRoutes()) {
      // Creating an order names none; the list is checked below.
      if (route.method === 'POST' && /^\/order\/?$/.test(route.path)) continue;
      const foreign = await send(route, orderid, bob.headers);
      const unknown = await send(route, UNKNOWN_ORDER, bob.headers);
      const name = `${route.method} ${route.path}`;
      expect({ name, status: foreign.status, body: foreign.json }).toEqual({
        name,
        status: unknown.status,
        body: unknown.json,
      });
      if (route.path.includes(':orderid') || BODY_ORDER_ROUTES.includes(route.path)) {
        expect({ name, status: foreign.status }).toEqual({ name, status: 404 });
        expect(foreign.text).not.toContain(orderid.slice(1));
      }
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThanOrEqual(8);
    // A's order was left untouched by all of B's attempts.
    const after = await stack.http.get(`/order/${orderid}`, alice.headers);
    expect(after.json).toMatchObject({ payload: { state: 'done', refreshed: false } });
  });

  it("does not list A's orders to B", async () => {
    const res = await stack.http.get('/order/', bob.headers);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(orderid);
  });

  it("refuses A's token under B's API key on every protected route (401)", async () => {
    const mixed = { Authorization: `Bearer ${alice.token}`, 'X-Auth-Key': bob.apiKey };
    for (const route of await protectedRoutes()) {
      const res = await send(route, orderid, mixed);
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });
});
