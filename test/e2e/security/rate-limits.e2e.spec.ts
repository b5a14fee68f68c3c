import { randomBytes } from 'node:crypto';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../../support/http-test-client';
import { type TestAccount, createTestAccount, signIn } from '../../support/test-accounts';

const TOO_MANY = { message: 'Trop de requêtes, veuillez réessayer plus tard', payload: null, success: false };

function expectThrottled(res: TestResponse): void {
  expect(res.status).toBe(429);
  expect(res.json).toEqual(TOO_MANY);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/**
 * Rate limits with low settings: the client's address is taken from X-Forwarded-For (one trusted
 * proxy), so one test process can speak from several addresses.
 */
describe('rate limits', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;

  afterEach(() => app?.close());

  async function start(env: Record<string, string>): Promise<void> {
    app = await startApiTestApp({ env: { TRUST_PROXY_HOPS: '1', ...env } });
    http = new HttpTestClient(app.baseUrl);
  }

  const login = (account: TestAccount, from: string, overrides: Partial<TestAccount> = {}) =>
    http.post(
      '/account/auth',
      { email: overrides.email ?? account.email, password: overrides.password ?? account.password },
      { 'X-Auth-Key': overrides.apiKey ?? account.apiKey, 'X-Forwarded-For': from },
    );

  it('throttles brute force on /account/auth per address, whatever the keys', async () => {
    await start({ RATE_LIMIT_AUTH_PER_MINUTE: '5' });
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createTestAccount(app)));
    // Five guesses from one address, each with another key: all answered.
    for (const account of accounts.slice(0, 5)) {
      expect((await login(account, '203.0.113.7', { password: 'guess' })).status).toBe(401);
    }
    // The sixth is refused before any check, even with the right password.
    expectThrottled(await login(accounts[5]!, '203.0.113.7'));
    // Another address is not affected.
    expect((await login(accounts[5]!, '198.51.100.1')).status).toBe(200);
  });

  it('counts /account/auth in any letter case, as the router does', async () => {
    await start({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    // Another key each time: only the address's bucket counts them all.
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createTestAccount(app)));
    const paths = ['/ACCOUNT/AUTH', '/Account/Auth/', '/account/AUTH'];
    for (const [index, path] of paths.entries()) {
      const account = accounts[index]!;
      const res = await http.post(
        path,
        { email: account.email, password: 'guess' },
        { 'X-Auth-Key': account.apiKey, 'X-Forwarded-For': '203.0.113.8' },
      );
      expect(res.status).toBe(401);
    }
    expectThrottled(await login(accounts[3]!, '203.0.113.8'));
  });

  it('throttles the console’s login form per address, as /account/auth (each costs a password check)', async () => {
    await start({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    const attempt = (from: string, path = '/console/login') =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from },
        body: new URLSearchParams({
          email: `inconnu-${randomBytes(4).toString('hex')}@example.fr`,
          password: 'devine',
          code: '000000',
        }).toString(),
      });
    // The page itself is not an attempt.
    for (let i = 0; i < 5; i++) {
      const page = await fetch(`${app.baseUrl}/console/login`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
      expect(page.status).toBe(200);
    }
    for (const path of ['/console/login', '/CONSOLE/LOGIN', '/console/login/']) {
      expect((await attempt('203.0.113.9', path)).status).toBe(401);
    }
    const refused = await attempt('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toContain('Trop de requêtes');
    // It is the address's login bucket: another address still tries, and the API's logins of this one
    // share it.
    expect((await attempt('198.51.100.9')).status).toBe(401);
    const account = await createTestAccount(app);
    expectThrottled(await login(account, '203.0.113.9'));
  });

  it('throttles brute force on /account/auth per API key, whatever the addresses', async () => {
    await start({ RATE_LIMIT_AUTH_PER_MINUTE: '5' });
    const account = await createTestAccount(app);
    const other = await createTestAccount(app);
    for (let i = 0; i < 5; i++) {
      expect((await login(account, `203.0.113.${i + 1}`, { password: 'guess' })).status).toBe(401);
    }
    expectThrottled(await login(account, '203.0.113.99'));
    expect((await login(other, '203.0.113.99')).status).toBe(200);
  });

  it('slows down repeated failed logins for one email and key, from any address', async () => {
    await start({ LOGIN_FAILURES_BEFORE_DELAY: '3' });
    const account = await createTestAccount(app);
    const other = await createTestAccount(app);
    for (let i = 0; i < 3; i++) {
      expect((await login(account, `192.0.2.${i + 1}`, { password: `guess-${i}` })).status).toBe(401);
    }
    // Even the right password must wait now; the answer says how long.
    const refused = await login(account, '192.0.2.50');
    expectThrottled(refused);
    expect((await login(other, '192.0.2.50')).status).toBe(200);
    await new Promise((resolve) =>
      setTimeout(resolve, Number(refused.headers.get('retry-after')) * 1000 + 50),
    );
    expect((await login(account, '192.0.2.51')).status).toBe(200);
    // A success starts afresh.
    expect((await login(account, '192.0.2.52', { password: 'guess' })).status).toBe(401);
  });

  it('treats unknown emails like known ones', async () => {
    await start({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    const account = await createTestAccount(app);
    const ghost = { email: 'personne@example.fr' };
    for (let i = 0; i < 2; i++) expect((await login(account, '192.0.2.1', ghost)).status).toBe(401);
    expectThrottled(await login(account, '192.0.2.1', ghost));
  });

  it('does not let a third party lock the owner out with failed logins for the owner’s email', async () => {
    await start({ LOGIN_FAILURES_BEFORE_DELAY: '3' });
    const owner = await createTestAccount(app);
    const intruder = await createTestAccount(app);
    // With the intruder's own valid key, from the owner's own address even.
    for (let i = 0; i < 5; i++) {
      const res = await login(owner, '192.0.2.60', { apiKey: intruder.apiKey, password: `guess-${i}` });
      expect([401, 429]).toContain(res.status);
    }
    expectThrottled(await login(owner, '192.0.2.60', { apiKey: intruder.apiKey }));
    // The owner, with the owner's key, is not slowed down at all.
    expect((await login(owner, '192.0.2.60')).status).toBe(200);
  });

  it('limits every other route per API key, with 429, Retry-After and the envelope', async () => {
    await start({ RATE_LIMIT_API_PER_MINUTE: '4' });
    const alice = await signIn(app, await createTestAccount(app));
    const bob = await signIn(app, await createTestAccount(app));
    for (let i = 0; i < 4; i++) expect((await http.get('/order/', alice.headers)).status).toBe(200);
    const refused = await http.get('/order/', { ...alice.headers, 'X-Forwarded-For': '198.51.100.9' });
    expectThrottled(refused);
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    // A large body is not read: the answer comes all the same.
    expectThrottled(await http.post('/order/', { big: 'x'.repeat(512 * 1024) }, alice.headers));
    expect((await http.get('/order/', bob.headers)).status).toBe(200);
    // Health probes do not count against the key.
    for (let i = 0; i < 10; i++) expect((await http.get('/health')).status).not.toBe(429);
  });

  it('limits requests without an API key per address', async () => {
    await start({ RATE_LIMIT_IP_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++)
      expect((await http.get('/order/', { 'X-Forwarded-For': '198.51.100.3' })).status).toBe(400);
    expectThrottled(await http.get('/order/', { 'X-Forwarded-For': '198.51.100.3' }));
    expect((await http.get('/order/', { 'X-Forwarded-For': '198.51.100.4' })).status).toBe(400);
  });

  it('counts a forwarded address that is no address against the connection’s', async () => {
    // Were the proxies miscounted, `X-Forwarded-For` would name the bucket: a new one per invented
    // value, each key up to the header's 16 KiB, and the limiter's 100,000 of them some 3 GB.
    await start({ RATE_LIMIT_IP_PER_MINUTE: '3' });
    for (const invented of ['x'.repeat(8000), 'y'.repeat(8000), 'not-an-address']) {
      expect((await http.get('/order/', { 'X-Forwarded-For': invented })).status).toBe(400);
    }
    expectThrottled(await http.get('/order/', { 'X-Forwarded-For': 'z'.repeat(8000) }));
    expectThrottled(await http.get('/order/'));
    expect((await http.get('/order/', { 'X-Forwarded-For': '198.51.100.5' })).status).toBe(400);
  });

  it('gives an unknown API key no bucket of its own: the address pays for every request', async () => {
    await start({ RATE_LIMIT_IP_PER_MINUTE: '5' });
    const randomKey = () =>
      `psk_live_${randomBytes(6).toString('hex')}_${randomBytes(32).toString('base64url')}`;
    const from = (ip: string) => ({ 'X-Auth-Key': randomKey(), 'X-Forwarded-For': ip });
    for (let i = 0; i < 5; i++) expect((await http.get('/order/', from('198.51.100.20'))).status).toBe(400);
    expectThrottled(await http.get('/order/', from('198.51.100.20')));
    expectThrottled(
      await http.post('/order/', {}, { 'X-Auth-Key': 'garbage', 'X-Forwarded-For': '198.51.100.20' }),
    );
    expect((await http.get('/order/', from('198.51.100.21'))).status).toBe(400);
  });

  it('limits /health, /metrics and the codec routes per address', async () => {
    await start({ RATE_LIMIT_IP_PER_MINUTE: '3' });
    const from = { 'X-Forwarded-For': '198.51.100.30' };
    expect((await http.get('/health', from)).status).toBe(200);
    expect((await http.get('/metrics', from)).status).toBe(200);
    expect((await http.post('/codec/decode', { payloads: [] }, from)).status).toBe(401);
    expectThrottled(await http.get('/health', from));
    expectThrottled(await http.request('POST', '/health', undefined, from));
    expectThrottled(await http.get('/metrics', from));
    expectThrottled(await http.post('/codec/encode', { payloads: [] }, from));
    expect((await http.get('/health', { 'X-Forwarded-For': '198.51.100.31' })).status).toBe(200);
  });

  it('counts a valid key once it is known valid, whatever the addresses', async () => {
    await start({ RATE_LIMIT_API_PER_MINUTE: '3' });
    const alice = await signIn(app, await createTestAccount(app));
    // Requests that fail authentication do not count against the key.
    for (let i = 0; i < 5; i++) {
      const res = await http.get('/order/', {
        'X-Auth-Key': alice.apiKey,
        'X-Forwarded-For': `203.0.113.${i + 10}`,
      });
      expect(res.status).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const res = await http.get('/order/', { ...alice.headers, 'X-Forwarded-For': `203.0.113.${i + 20}` });
      expect(res.status).toBe(200);
    }
    expectThrottled(await http.get('/order/', { ...alice.headers, 'X-Forwarded-For': '203.0.113.30' }));
  });
});
