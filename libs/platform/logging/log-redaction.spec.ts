import { Writable } from 'node:stream';
import fc from 'fast-check';
import { createAppLogger } from './app-logger';
import { runWithLogContext } from './log-context';
import { REDACTED, isSensitiveKey, redactJwts, scrubLogValue, scrubText } from './log-redaction';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY2MtMSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const API_KEY = `psk_live_0123456789ab_${'A'.repeat(43)}`;
const WHSEC = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('log redaction', () => {
  it.each([
    'Authorization',
    'authorization',
    'X-Auth-Key',
    'x_auth_key',
    'password',
    'syndicPassword',
    'syndic_password_sealed',
    'syndic',
    'content',
    'webhook_secret',
    'webhookSecretSealed',
    'access_token',
    'token',
    'apiKey',
    'cookie',
    'webhook-signature',
  ])('treats %s as sensitive', (key) => {
    expect(isSensitiveKey(key)).toBe(true);
  });

  it.each(['orderid', 'reqId', 'status', 'path', 'method', 'email'])('keeps %s', (key) => {
    expect(isSensitiveKey(key)).toBe(false);
  });

  it('redacts sensitive keys at any depth and in arrays', () => {
    const scrubbed = scrubLogValue({
      req: { headers: { authorization: `Bearer ${JWT}`, 'x-auth-key': API_KEY, accept: 'application/json' } },
      body: { owners: [{ firstname: 'Marie' }], syndic: { name: 'Foncia', password: 'pw' } },
      documents: [{ doctype: 1, content: 'JVBERi0xLjQ=' }],
    });
    expect(scrubbed).toEqual({
      req: { headers: { authorization: REDACTED, 'x-auth-key': REDACTED, accept: 'application/json' } },
      body: { owners: [{ firstname: 'Marie' }], syndic: REDACTED },
      documents: [{ doctype: 1, content: REDACTED }],
    });
  });

  it('cuts tokens, keys, secrets and URL passwords out of free text', () => {
    const text = scrubText(
      `refused ${JWT} with key ${API_KEY}, secret ${WHSEC}, header Bearer abc.def, ` +
        `db postgres://app:hunter2@db:5432/x, link /documents/3?expires=1&signature=abcDEF`,
    );
    for (const secret of [JWT, API_KEY, WHSEC, 'abc.def', 'hunter2', 'abcDEF', 'A'.repeat(43)]) {
      expect(text).not.toContain(secret);
    }
    // What identifies without granting access stays: the API key's id.
    expect(text).toContain('psk_live_0123456789ab_');
  });

  it('redacts JWTs exactly where the regular expression it replaces would', () => {
    const expression = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
    const pieces = ['eyJ', 'eyJ', 'e', 'J', 'a', 'Z9', '-', '-', '.', '.', '_', ' ', '/', 'é'];
    const texts = fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(texts, (text) => {
        expect(redactJwts(text)).toBe(text.replace(expression, '[REDACTED_JWT]'));
      }),
      { numRuns: 20_000 },
    );
    expect(redactJwts(`id ${JWT}, again -${JWT}.tail`)).toBe('id [REDACTED_JWT], again -[REDACTED_JWT].tail');
  });

  it('redacts JWTs in time linear in the text, however it repeats their opening', () => {
    // A request path of `eyJ-` repeated, logged on every request, cost the old expression 30 ms per
    // 8 KiB and about 18 s at this length.
    const crafted = 'eyJ-'.repeat(50_000);
    const started = Date.now();
    expect(redactJwts(crafted) === crafted).toBe(true);
    expect(redactJwts(`${crafted} ${JWT}`) === `${crafted} [REDACTED_JWT]`).toBe(true);
    for (let request = 0; request < 200; request++) scrubLogValue({ path: `/${crafted.slice(0, 8192)}` });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reduces errors to type, message, code and stack, scrubbed, causes included', () => {
    const cause = Object.assign(new Error(`token ${JWT}`), { code: 'E_CAUSE' });
    const scrubbed = scrubLogValue(new Error('outer', { cause })) as Record<string, unknown>;
    expect(scrubbed).toMatchObject({ type: 'Error', message: 'outer', cause: { code: 'E_CAUSE' } });
    expect(JSON.stringify(scrubbed)).not.toContain(JWT);
  });

  it('survives cycles, depth, binary data and odd values', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 1000; i++) deep = deep.next = {};
    const scrubbed = scrubLogValue({ cyclic, root, pdf: Buffer.alloc(2048), f: () => 1, s: Symbol('x') });
    expect(JSON.stringify(scrubbed)).toContain('[Circular]');
    expect(JSON.stringify(scrubbed)).toContain('[Truncated]');
    expect(JSON.stringify(scrubbed)).toContain('[binary 2048 bytes]');
  });
});

describe('createAppLogger', () => {
  function capture(): { lines: () => Record<string, unknown>[]; stream: Writable } {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    return {
      stream,
      lines: () =>
        chunks
          .join('')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
    };
  }

  it('writes JSON lines with the context, scrubbed whatever the caller passes', () => {
    const { stream, lines } = capture();
    const logger = createAppLogger({ level: 'info', service: 'api', destination: stream });
    runWithLogContext({ reqId: 'req-1', orderid: 'AB12CD' }, () => {
      logger.info({ headers: { authorization: `Bearer ${JWT}` }, password: 'pw' }, `login with ${API_KEY}`);
      logger.error(new Error(`failed for ${WHSEC}`));
    });
    logger.debug('not written at info');
    const [first, second, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      level: 'info',
      service: 'api',
      reqId: 'req-1',
      orderid: 'AB12CD',
      headers: { authorization: REDACTED },
      password: REDACTED,
    });
    expect(second).toMatchObject({ level: 'error', reqId: 'req-1', err: { type: 'Error' } });
    const all = JSON.stringify(lines());
    for (const secret of [JWT, API_KEY.slice(-43), WHSEC]) expect(all).not.toContain(secret);
  });
});
