import { METADATA_ENCODING_KEY, defaultPayloadConverter } from '@temporalio/common';
import { ENCRYPTED_ENCODING } from '@libs/platform/temporal/encryption-payload.codec';
import { type JsonPayload } from '@libs/platform/temporal/remote-codec.service';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { HttpTestClient } from '../../support/http-test-client';
import { createSignedInAccount } from '../../support/test-accounts';

const TOKEN = 'codec-token-for-the-tests-0123456789abcdef';
const AUTH = { Authorization: `Bearer ${TOKEN}`, 'X-Namespace': 'default' };

function jsonPayload(value: unknown): JsonPayload {
  const payload = defaultPayloadConverter.toPayload(value)!;
  return {
    metadata: Object.fromEntries(
      Object.entries(payload.metadata!).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
    ),
    data: Buffer.from(payload.data!).toString('base64'),
  };
}

const valueOf = (payload: JsonPayload) =>
  JSON.parse(Buffer.from(payload.data, 'base64').toString('utf8')) as unknown;
const encodingOf = (payload: JsonPayload) =>
  Buffer.from(payload.metadata[METADATA_ENCODING_KEY]!, 'base64').toString();

/** Temporal's remote codec protocol, served for the Temporal UI and the CLI (docs/contract.md §7). */
describe('codec endpoints', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;

  beforeAll(async () => {
    app = await startApiTestApp({ env: { CODEC_AUTH_TOKEN: TOKEN } });
    http = new HttpTestClient(app.baseUrl);
  });
  afterAll(() => app.close());

  it('encodes then decodes payloads, answering the protocol shape', async () => {
    const encoded = await http.post(
      '/codec/encode',
      { payloads: [jsonPayload({ orderid: 'AB12CD' }), jsonPayload(42)] },
      AUTH,
    );
    expect(encoded.status).toBe(200);
    const { payloads } = encoded.json as { payloads: JsonPayload[] };
    expect(payloads.map(encodingOf)).toEqual([ENCRYPTED_ENCODING, ENCRYPTED_ENCODING]);
    expect(Buffer.from(payloads[0]!.data, 'base64').toString('latin1')).not.toContain('AB12CD');

    const decoded = await http.post('/codec/decode', { payloads }, AUTH);
    expect(decoded.status).toBe(200);
    const result = (decoded.json as { payloads: JsonPayload[] }).payloads;
    expect(result.map(encodingOf)).toEqual(['json/plain', 'json/plain']);
    expect(result.map(valueOf)).toEqual([{ orderid: 'AB12CD' }, 42]);
  });

  it('reads the scheme in any case and more than one space before the token (RFC 9110)', async () => {
    const res = await http.post(
      '/codec/decode',
      { payloads: [] },
      { ...AUTH, Authorization: `bearer   ${TOKEN}` },
    );
    expect(res.status).toBe(200);
  });

  it('decodes what the service itself sent to Temporal', async () => {
    const [encoded] = await app.temporal.options.loadedDataConverter.payloadCodecs[0]!.encode([
      defaultPayloadConverter.toPayload({ hello: 'monde' })!,
    ]);
    const body = {
      payloads: [
        {
          metadata: Object.fromEntries(
            Object.entries(encoded!.metadata!).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
          ),
          data: Buffer.from(encoded!.data!).toString('base64'),
        },
      ],
    };
    const res = await http.post('/codec/decode', body, AUTH);
    expect(valueOf((res.json as { payloads: JsonPayload[] }).payloads[0]!)).toEqual({ hello: 'monde' });
  });

  it('passes through payloads that are not encrypted, and accepts an empty list', async () => {
    const plain = jsonPayload('en clair');
    expect((await http.post('/codec/decode', { payloads: [plain] }, AUTH)).json).toEqual({
      payloads: [plain],
    });
    expect((await http.post('/codec/decode', { payloads: [] }, AUTH)).json).toEqual({ payloads: [] });
  });

  it('refuses a tampered payload with 400 naming it', async () => {
    const encoded = (
      await http.post('/codec/encode', { payloads: [jsonPayload('x'), jsonPayload('y')] }, AUTH)
    ).json as { payloads: JsonPayload[] };
    const data = Buffer.from(encoded.payloads[1]!.data, 'base64');
    data[15] = data[15]! ^ 1;
    encoded.payloads[1]!.data = data.toString('base64');
    const res = await http.post('/codec/decode', encoded, AUTH);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'Charge utile n°1 indéchiffrable : clé inconnue ou données altérées',
      payload: null,
      success: false,
    });
  });

  it.each([
    ['no payloads', {}],
    ['payloads not a list', { payloads: 'x' }],
    ['a payload not an object', { payloads: [1] }],
    ['data not base64', { payloads: [{ metadata: {}, data: '%%%' }] }],
    ['metadata not base64', { payloads: [{ metadata: { encoding: 12 }, data: '' }] }],
    ['metadata a list', { payloads: [{ metadata: ['x'], data: '' }] }],
  ])('refuses a body with %s (400)', async (_case, body) => {
    const res = await http.post('/codec/decode', body, AUTH);
    expect(res.status).toBe(400);
    expect((res.json as { success: boolean }).success).toBe(false);
  });

  it.each([
    ['no credentials', {}],
    ['a wrong token', { Authorization: 'Bearer not-the-codec-token-0123456789abcdef' }],
    ['the token in another scheme', { Authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401', async (_case, headers) => {
    const res = await http.post('/codec/decode', { payloads: [] }, headers);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      message: "Jeton d'accès manquant, invalide ou expiré",
      payload: null,
      success: false,
    });
  });

  it("refuses a client's API credentials: the codec is for operators", async () => {
    const client = await createSignedInAccount(app);
    expect((await http.post('/codec/decode', { payloads: [] }, client.headers)).status).toBe(401);
  });

  describe('without a configured token', () => {
    it('answers nobody outside development', async () => {
      const test = await startApiTestApp();
      try {
        expect((await new HttpTestClient(test.baseUrl).post('/codec/decode', { payloads: [] })).status).toBe(
          401,
        );
      } finally {
        await test.close();
      }
    });

    it('answers loopback callers in development, for the dev server UI of `npm start`', async () => {
      const development = await startApiTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
      try {
        const res = await new HttpTestClient(development.baseUrl).post('/codec/decode', { payloads: [] });
        expect(res.status).toBe(200);
      } finally {
        await development.close();
      }
    });
  });
});
