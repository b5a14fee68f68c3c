import { PassThrough } from 'node:stream';
import { type Request, type Response } from 'express';
import { HttpRefusal } from './http-refusal';
import { MAX_JSON_DEPTH, parseJsonBody, readJsonBody } from './json-body.reader';

const LIMIT = 1024;

function post(headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const req = Object.assign(new PassThrough(), { method: 'POST', headers });
  const res = { writeContinue: jest.fn() };
  const settled = jest.fn();
  const body = readJsonBody(req as unknown as Request, res as unknown as Response, LIMIT);
  body.then(settled, settled);
  return { req, res, body, settled };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('readJsonBody', () => {
  it('parses a JSON body', async () => {
    const { req, body } = post();
    req.end('{"a":1}');
    await expect(body).resolves.toEqual({ a: 1 });
  });

  it('refuses bytes that are not UTF-8, with their position, rather than decoding them as U+FFFD', async () => {
    const refusal = async (bytes: Buffer) => {
      const { req, body } = post({ 'content-type': 'application/json; charset=iso-8859-1' });
      req.end(bytes);
      return (await body.catch((e: unknown) => e)) as HttpRefusal;
    };
    // "Évry" in Latin-1: 0xC9 is not UTF-8.
    const latin1 = await refusal(Buffer.from('{"city":"\u00c9vry"}', 'latin1'));
    expect(latin1).toBeInstanceOf(HttpRefusal);
    expect(latin1).toMatchObject({
      code: 'malformed_json',
      details: {
        reason:
          'octets qui ne sont pas de l’UTF-8 (le JSON doit être encodé en UTF-8) (ligne 1, colonne 10, position 9)',
      },
    });
    // A U+FFFD the client wrote itself is text like any other: the position is the bad byte's.
    const after = await refusal(
      Buffer.concat([Buffer.from('{"a":"\uFFFD",\n"b":"', 'utf8'), Buffer.from([0xff]), Buffer.from('"}')]),
    );
    expect(after.details).toEqual({
      reason:
        'octets qui ne sont pas de l’UTF-8 (le JSON doit être encodé en UTF-8) (ligne 2, colonne 6, position 15)',
    });
    // Between them, characters of two, three and four bytes (one UTF-16 pair): counted as sent.
    const mixed = await refusal(
      Buffer.concat([
        Buffer.from('{"a":"\uFFFDé€😀\uFFFD\uFFFD', 'utf8'),
        Buffer.from([0xc3]),
        Buffer.from('"}'),
      ]),
    );
    expect(mixed.details).toEqual({
      reason:
        'octets qui ne sont pas de l’UTF-8 (le JSON doit être encodé en UTF-8) (ligne 1, colonne 14, position 13)',
    });
  });

  it('locates the bad byte after many U+FFFD the client wrote, in one pass over the text', () => {
    // 1 MiB, the standard limit, of "\uFFFD" spelled out and one bad byte: measuring the text before
    // each one again held the event loop for half a minute, every other request waiting.
    const count = 349_000;
    const raw = Buffer.concat([
      Buffer.from(`{"a":"${'\uFFFD'.repeat(count)}`, 'utf8'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    let refusal: unknown;
    const started = performance.now();
    try {
      parseJsonBody(raw, 'application/json');
    } catch (error) {
      refusal = error;
    }
    // Synchronous work, beyond the reach of Jest's timeout: a few milliseconds in one pass, and a bound
    // far from both.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(refusal).toBeInstanceOf(HttpRefusal);
    expect((refusal as HttpRefusal).details).toEqual({
      reason: `octets qui ne sont pas de l’UTF-8 (le JSON doit être encodé en UTF-8) (ligne 1, colonne ${count + 7}, position ${count + 6})`,
    });
  });

  it('answers 413 beyond the limit', async () => {
    const { req, body } = post();
    req.write(Buffer.alloc(2048, 0x20));
    const error: unknown = await body.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRefusal);
    expect(error).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers 413 to a body announced beyond the limit without reading it', async () => {
    const { req, body, res } = post({
      'content-type': 'application/json',
      'content-length': String(LIMIT + 1),
      expect: '100-continue',
    });
    await expect(body).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(req.listenerCount('data')).toBe(0);
    // Refused before the client was told to send its body.
    expect(res.writeContinue).not.toHaveBeenCalled();
  });

  it('tells a client waiting for it to send its body', async () => {
    const { req, body, res } = post({ 'content-type': 'application/json', expect: '100-continue' });
    expect(res.writeContinue).toHaveBeenCalledTimes(1);
    req.end('{}');
    await expect(body).resolves.toEqual({});
  });

  it('leaves a request its client aborted mid-body unanswered, not as a server error', async () => {
    const { req, settled } = post();
    req.write('{');
    req.emit('error', Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    await tick();
    expect(settled).not.toHaveBeenCalled();
  });

  it('passes any other read error on', async () => {
    const { req, body } = post();
    const failure = new Error('EIO');
    req.emit('error', failure);
    await expect(body).rejects.toBe(failure);
  });

  it.each([
    ['valid but too deep', `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`],
    ['too deep before a syntax error', `${'['.repeat(1000)}x`],
  ])('says a body is nested too deeply when it is %s', async (_case, text) => {
    const { req, body } = post();
    req.end(text);
    await expect(body).rejects.toMatchObject({
      code: 'validation_failed',
      detailText: `Le corps de la requête est trop profondément imbriqué (${MAX_JSON_DEPTH} niveaux au plus)`,
    });
  });

  it('accepts the deepest body allowed', async () => {
    const { req, body } = post();
    req.end(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    await expect(body).resolves.toBeInstanceOf(Array);
  });

  it('reports malformed JSON with its position, and an empty body as such', async () => {
    const malformed = post();
    malformed.req.end('{"a":1 "b":2}');
    await expect(malformed.body).rejects.toMatchObject({
      code: 'malformed_json',
      details: { reason: 'virgule attendue (ligne 1, colonne 8, position 7)' },
    });
    const blank = post();
    blank.req.end('  \n ');
    await expect(blank.body).rejects.toMatchObject({
      code: 'malformed_json',
      details: { reason: 'corps de requête vide (ligne 1, colonne 1, position 0)' },
    });
  });

  it('drops keys that name prototypes, escaped or not', async () => {
    const { req, body } = post();
    req.end('{"__proto__": {"x": 1}, "a": {"constructor": 2, "b": 3}, "\\u0070rototype": 4}');
    const parsed = (await body) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['a']);
    expect(parsed.a).toEqual({ b: 3 });
  });

  it('answers 415 to a body that is not JSON', async () => {
    const { req, body } = post({ 'content-type': 'text/plain' });
    req.end('a=1');
    await expect(body).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers 415 to a compressed body without reading it, rather than as bytes that are not UTF-8', async () => {
    const { req, body } = post({ 'content-type': 'application/json', 'content-encoding': 'gzip' });
    await expect(body).rejects.toMatchObject({
      code: 'unsupported_content_encoding',
      details: { encoding: 'gzip' },
    });
    expect(req.listenerCount('data')).toBe(0);
  });

  it('reads a body declared `identity` as any other', async () => {
    const { req, body } = post({ 'content-type': 'application/json', 'content-encoding': ' Identity ' });
    req.end('{"a":1}');
    await expect(body).resolves.toEqual({ a: 1 });
  });
});
