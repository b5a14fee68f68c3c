import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient } from '../support/http-test-client';
import { type TestAccount, accountAdministration, createTestAccount, signIn } from '../support/test-accounts';

describe('POST /account/auth', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let account: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    app = await startApiTestApp();
    http = new HttpTestClient(app.baseUrl);
    account = await createTestAccount(app);
    other = await createTestAccount(app);
  });
  afterAll(() => app.close());

  const auth = (body: unknown, key?: string) =>
    http.post('/account/auth', body, key === undefined ? {} : { 'X-Auth-Key': key });

  it('issues a bearer token with its lifetime', async () => {
    const res = await auth({ email: account.email, password: account.password }, account.apiKey);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json as object)).toEqual(['message', 'payload', 'success']);
    expect(res.json).toEqual({
      message: 'Connexion réussie',
      payload: { access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), expires_in: 3600 },
      success: true,
    });
  });

  it('accepts the email in any case', async () => {
    const res = await auth(
      { email: account.email.toUpperCase(), password: account.password },
      account.apiKey,
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['missing', undefined],
    ['unknown', 'psk_live_0123456789ab_' + 'A'.repeat(43)],
    ['garbage', 'not-a-key'],
  ])('refuses a %s API key with 400', async (_case, key) => {
    const res = await auth({ email: account.email, password: account.password }, key);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "La clé API n'est pas valide", payload: null, success: false });
  });

  it.each([
    ['email', { password: 'x' }],
    ['password', { email: 'a@b.fr' }],
  ])('names the missing %s with 400', async (field, body) => {
    const res = await auth(body, account.apiKey);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: `Le champ '${field}' est obligatoire`,
      payload: null,
      success: false,
    });
  });

  it.each([
    ['a wrong password', () => ({ email: account.email, password: 'wrong-password' }), () => account.apiKey],
    [
      'an unknown email',
      () => ({ email: 'nobody@example.fr', password: account.password }),
      () => account.apiKey,
    ],
    [
      "another account's key",
      () => ({ email: account.email, password: account.password }),
      () => other.apiKey,
    ],
  ])('refuses %s with 401 and the same text', async (_case, body, key) => {
    const res = await auth(body(), key());
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      message: 'Informations de connexion invalides',
      payload: null,
      success: false,
    });
  });

  it('takes about the same time whether the email exists or not', async () => {
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await auth({ email, password: 'wrong-password' }, account.apiKey);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(account.email));
      unknown.push(await time(`ghost-${i}@example.fr`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('refuses a revoked key, and the tokens obtained with it', async () => {
    const admin = accountAdministration(app);
    const extra = await admin.issueKey(account.email);
    const signedIn = await signIn(app, { ...account, apiKey: extra.api_key });
    const before = await http.get('/order/', signedIn.headers);
    expect(before.status).toBe(200);

    await admin.revokeKey(account.email, extra.key_id);
    const login = await auth({ email: account.email, password: account.password }, extra.api_key);
    expect(login.status).toBe(400);
    const after = await http.get('/order/', signedIn.headers);
    expect(after.status).toBe(400);
    // The token stays useless even when presented with a still valid key of the same account.
    const withOtherKey = await http.get('/order/', { ...signedIn.headers, 'X-Auth-Key': account.apiKey });
    expect(withOtherKey.status).toBe(401);
  });
});
