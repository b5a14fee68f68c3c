import { createHmac } from 'node:crypto';
import { tokenKeyId } from '@libs/security/security-services.factory';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient } from '../../support/http-test-client';
import { type SignedInAccount, createSignedInAccount } from '../../support/test-accounts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Bearer tokens are refused over HTTP in every way an attacker could shape one (docs/contract.md §2). */
describe('access tokens presented to the API', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let account: SignedInAccount;
  let claims: Record<string, unknown>;
  let header: Record<string, unknown>;

  beforeAll(async () => {
    app = await startApiTestApp();
    http = new HttpTestClient(app.baseUrl);
    account = await createSignedInAccount(app);
    [header, claims] = account.token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  });
  afterAll(() => app.close());

  /** Signs with the API's own secret unless told otherwise: only the shaped part is wrong. */
  function craft(
    changes: { header?: Record<string, unknown>; claims?: Record<string, unknown> },
    secret: string | null = app.config.security.jwtSecret,
  ): string {
    const input = `${b64({ ...header, ...changes.header })}.${b64({ ...claims, ...changes.claims })}`;
    return secret === null
      ? `${input}.`
      : `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  }

  const getOrders = (token: string) =>
    http.get('/order/', { Authorization: `Bearer ${token}`, 'X-Auth-Key': account.apiKey });

  it('accepts the token it issued, and a faithful re-creation of it (the crafting is right)', async () => {
    expect((await getOrders(account.token)).status).toBe(200);
    expect((await getOrders(craft({}))).status).toBe(200);
    expect(header.kid).toBe(tokenKeyId(app.config.security.jwtSecret));
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each<[string, () => string]>([
    ['expired', () => craft({ claims: { iat: now() - 7200, exp: now() - 3600 } })],
    ['expiring this second', () => craft({ claims: { exp: now() } })],
    [
      'with a tampered payload',
      () => {
        const [h, , s] = account.token.split('.');
        return `${h}.${b64({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })}.${s}`;
      },
    ],
    [
      'with a tampered signature',
      () => `${account.token.slice(0, -4)}${account.token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
    ],
    ['alg none without signature', () => craft({ header: { alg: 'none' } }, null)],
    ['alg none with a valid signature', () => craft({ header: { alg: 'none' } })],
    ['alg HS512', () => craft({ header: { alg: 'HS512' } })],
    ['signed with another secret', () => craft({}, 'another-secret-of-the-right-length-0123456789')],
    ['for another audience', () => craft({ claims: { aud: 'another-api' } })],
    ['from another issuer', () => craft({ claims: { iss: 'someone-else' } })],
    ['naming an unknown key', () => craft({ header: { kid: 'k-unknown' } })],
    ['issued in the future', () => craft({ claims: { iat: now() + 3600, exp: now() + 7200 } })],
    ['of another API key of the same account', () => craft({ claims: { key: 'ffffffffffff' } })],
    ['that is not a JWT', () => 'not-a-token'],
  ])('refuses a token %s with 401 and the envelope', async (_case, token) => {
    const res = await getOrders(token());
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      message: "Jeton d'accès manquant, invalide ou expiré",
      payload: null,
      success: false,
    });
  });

  // RFC 9110 §11.4: the scheme is case-insensitive, and 1*SP separates it from the token.
  it.each(['bearer {token}', 'BEARER {token}', 'Bearer  {token}', 'Bearer    {token}'])(
    'accepts the issued token as %j',
    async (form) => {
      const res = await http.get('/order/', {
        Authorization: form.replace('{token}', account.token),
        'X-Auth-Key': account.apiKey,
      });
      expect(res.status).toBe(200);
    },
  );

  it.each([
    ['no Authorization header', {}],
    ['a Basic scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { Authorization: 'Bearer ' }],
    ['a tab for the space', { Authorization: 'Bearer\t{token}' }],
    ['the token then more', { Authorization: 'Bearer {token} {token}' }],
  ])('refuses %s with 401', async (_case, headers: { Authorization?: string }) => {
    const authorization = headers.Authorization?.replaceAll('{token}', account.token);
    const res = await http.get('/order/', {
      ...(authorization === undefined ? {} : { Authorization: authorization }),
      'X-Auth-Key': account.apiKey,
    });
    expect(res.status).toBe(401);
  });
});
