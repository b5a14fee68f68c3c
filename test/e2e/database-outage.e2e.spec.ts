import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { type TcpProxy, startTcpProxy } from '../support/tcp-proxy';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';

const UNAVAILABLE = {
  message: 'Service temporairement indisponible, veuillez réessayer plus tard',
  payload: null,
  success: false,
};

/**
 * The API reaches the suite's PostgreSQL through a TCP proxy, which the test cuts as a database gone
 * down: every route answers 503 in the envelope (contract §1: "a dependency is down"), a creation may be
 * retried with its Idempotency-Key, and the API serves again once the database is back.
 */
describe('the database down (API, real PostgreSQL behind a proxy)', () => {
  let proxy: TcpProxy;
  let app: ApiTestApp;
  let http: HttpTestClient;
  let account: SignedInAccount;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    app = await startApiTestApp({ env: { DATABASE_URL: url.href, DATABASE_CONNECT_TIMEOUT: '1s' } });
    http = new HttpTestClient(app.baseUrl);
    account = await createSignedInAccount(app);
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await app?.close();
    await proxy?.close();
  });

  const expectUnavailable = (res: TestResponse) => {
    expect(res.status).toBe(503);
    expect(res.json).toEqual(UNAVAILABLE);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  };

  it('answers 503 on every route while it is down, and serves again once it is back', async () => {
    const key = 'outage-creation-1';
    expect((await http.get('/order/', account.headers)).status).toBe(200);

    await proxy.cut();
    // The pool's open connections end under it first, then new ones are refused: both are a 503.
    for (let attempt = 0; attempt < 3; attempt++) {
      expectUnavailable(await http.get('/order/', account.headers));
    }
    expectUnavailable(
      await http.post('/order/', orderBody(), { ...account.headers, 'Idempotency-Key': key }),
    );
    expectUnavailable(
      await http.post(
        '/account/auth',
        { email: account.email, password: account.password },
        {
          'X-Auth-Key': account.apiKey,
        },
      ),
    );
    expect((await http.get('/health')).status).toBe(503);

    await proxy.restore();
    const created = await http.post('/order/', orderBody(), { ...account.headers, 'Idempotency-Key': key });
    expect(created.status).toBe(200);
    const listed = await http.get('/order/', account.headers);
    expect(listed.status).toBe(200);
    expect((listed.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(1);
  });

  it('answers 503 in time when the database accepts connections but never answers', async () => {
    await proxy.stall();
    // Without a connect timeout, a new connection waited for the server's first bytes as long as the
    // client did: the request hung, and so did the next ones behind it in the pool.
    const started = Date.now();
    const answers = await Promise.all([1, 2, 3].map(() => http.get('/order/', account.headers)));
    answers.forEach(expectUnavailable);
    expect(Date.now() - started).toBeLessThan(10_000);

    await proxy.restore();
    expect((await http.get('/order/', account.headers)).status).toBe(200);
  });
});
