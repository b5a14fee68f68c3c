import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../../support/http-test-client';
import { rawExchange, requestHead } from '../../support/raw-http';
import { type SignedInAccount, createSignedInAccount } from '../../support/test-accounts';

const UI_ORIGIN = 'http://localhost:8233';

/** Security headers, no fingerprint, no CORS but for the codec routes (docs/contract.md §1, issue 6). */
describe('HTTP hardening', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let account: SignedInAccount;

  beforeAll(async () => {
    app = await startApiTestApp();
    http = new HttpTestClient(app.baseUrl);
    account = await createSignedInAccount(app);
  });
  afterAll(() => app.close());

  function expectHardened(res: TestResponse): void {
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  }

  it.each<[string, () => Promise<TestResponse>]>([
    ['a success', () => http.get('/order/', account.headers)],
    ['a validation error', () => http.post('/order/', {}, account.headers)],
    ['an authentication error', () => http.get('/order/')],
    ['an unknown route', () => http.get('/nowhere')],
    ['a wrong method', () => http.request('DELETE', '/order/', undefined, account.headers)],
    [
      'a non-JSON body',
      () => http.postRaw('/order/', 'a=1', { ...account.headers, 'Content-Type': 'text/plain' }),
    ],
    ['the health check', () => http.get('/health')],
  ])('sends the security headers on %s', async (_case, send) => {
    expectHardened(await send());
  });

  it('answers no CORS preflight outside the codec routes, even from the Temporal UI', async () => {
    for (const origin of [UI_ORIGIN, 'https://evil.example']) {
      const res = await http.request('OPTIONS', '/order/', undefined, {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-auth-key, content-type',
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-headers')).toBeNull();
    }
    const res = await http.get('/order/', { ...account.headers, Origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the Temporal UI origin, and only it, on the codec routes', async () => {
    for (const path of ['/codec/decode', '/codec/encode']) {
      const preflight = await http.request('OPTIONS', path, undefined, {
        Origin: UI_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, x-namespace, authorization',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-Namespace/);
      expect(preflight.headers.get('vary')).toMatch(/Origin/);

      const foreign = await http.request('OPTIONS', path, undefined, {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect(foreign.headers.get('access-control-allow-methods')).toBeNull();

      // Error answers carry the header too, so the UI can read why.
      const refused = await http.post(path, { payloads: [] }, { Origin: UI_ORIGIN });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    }
  });

  describe('URL and headers beyond 16 KiB', () => {
    const TOO_LARGE = {
      message: "L'adresse ou les en-têtes de la requête sont trop volumineux",
      payload: null,
      success: false,
    };
    const headTo = (method: string, padding: number) =>
      requestHead(method, '/health', { 'X-Padding': 'a'.repeat(padding), Connection: 'close' });

    it('answers 431 with the envelope and the security headers', async () => {
      const res = await rawExchange(app.baseUrl, [headTo('GET', 17 * 1024)], { untilClose: true });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toBeTruthy();
      const url = await http.get(`/order/?external_id=${'a'.repeat(17 * 1024)}`, account.headers);
      expect(url.status).toBe(431);
      expect(url.json).toEqual(TOO_LARGE);
    });

    it('answers 431 to a HEAD with no body, whatever the size', async () => {
      for (const padding of [17 * 1024, 100 * 1024]) {
        const res = await rawExchange(app.baseUrl, [headTo('HEAD', padding)], { untilClose: true });
        expect(res.status).toBe(431);
        expect(res.body).toBe('');
        expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
      }
      // The request line in a packet of its own: the refused packet does not say the method.
      const split = await rawExchange(
        app.baseUrl,
        ['HEAD /health HTTP/1.1\r\nHost: localhost\r\n', `X-Padding: ${'a'.repeat(100 * 1024)}\r\n\r\n`],
        { untilClose: true, pauseMs: 100 },
      );
      expect(split.status).toBe(431);
      expect(split.body).toBe('');
      expect(split.headers['content-length']).toBe('0');
    });

    it('answers 431 with the envelope to headers beyond the HTTP parser’s own limit', async () => {
      const res = await rawExchange(app.baseUrl, [headTo('GET', 100 * 1024)], { untilClose: true });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual(TOO_LARGE);
      // Node answers these itself, before the router's middleware: the same headers all the same.
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      const url = await http.get(`/order/?external_id=${'a'.repeat(40 * 1024)}`, account.headers);
      expect(url.status).toBe(431);
      expect(url.json).toEqual(TOO_LARGE);
    });

    it('answers bytes that are not HTTP with the envelope, in French, with a request id', async () => {
      const res = await rawExchange(app.baseUrl, ['BONJOUR ceci n’est pas du HTTP\r\n\r\n'], {
        untilClose: true,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        message: 'Requête HTTP invalide',
        payload: null,
        success: false,
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves a request with an expectation other than 100-continue, in the envelope', async () => {
      // Node answered a bare 417 itself: no envelope, no request id, before the rate limit.
      const res = await rawExchange(
        app.baseUrl,
        [requestHead('GET', '/order/', { ...account.headers, Expect: 'quelque-chose', Connection: 'close' })],
        { untilClose: true },
      );
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ success: true });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves headers just under the limit', async () => {
      expect((await http.get('/health', { 'X-Padding': 'a'.repeat(15 * 1024) })).status).toBe(200);
    });
  });
});
