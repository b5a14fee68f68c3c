import { PassThrough } from 'node:stream';
import { type Request } from 'express';
import { PAGE_FORM_LIMITS, readConsoleForm } from './console-form.reader';

function post(headers: Record<string, string>) {
  const req = Object.assign(new PassThrough(), { method: 'POST', headers });
  return { req, form: readConsoleForm(req as unknown as Request, PAGE_FORM_LIMITS) };
}

describe('readConsoleForm', () => {
  it('reads an urlencoded form, a name sent twice as an array', async () => {
    const { req, form } = post({ 'content-type': 'application/x-www-form-urlencoded' });
    req.end('reason=Dossier+incomplet&kind=pv&kind=rcp');
    await expect(form).resolves.toMatchObject({
      fields: { reason: 'Dossier incomplet', kind: ['pv', 'rcp'] },
      files: [],
    });
  });

  it('gathers a name sent as often as the limit allows in one pass, in order', async () => {
    // A multi-select posts its name once per choice, and anyone can post one name many times. Copying
    // the array at each value held the event loop for minutes with the 100,000 fields a page form may have.
    const count = PAGE_FORM_LIMITS.fields;
    const { req, form } = post({ 'content-type': 'application/x-www-form-urlencoded' });
    const started = performance.now();
    req.end(Array.from({ length: count }, (_, i) => `amount=${i}`).join('&'));
    const { fields } = await form;
    // Mostly synchronous work, beyond the reach of Jest's timeout: a fraction of a second in one pass,
    // and a bound far from both.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(fields.amount).toHaveLength(count);
    expect((fields.amount as string[]).slice(0, 3)).toEqual(['0', '1', '2']);
    expect((fields.amount as string[])[count - 1]).toBe(String(count - 1));
  });

  it('answers 415 to a compressed form without reading it', async () => {
    const { req, form } = post({
      'content-type': 'application/x-www-form-urlencoded',
      'content-encoding': 'deflate',
    });
    await expect(form).rejects.toMatchObject({
      code: 'unsupported_content_encoding',
      details: { encoding: 'deflate' },
    });
    expect(req.listenerCount('data')).toBe(0);
  });

  it('answers 415 to a body that is not a form', async () => {
    const { form } = post({ 'content-type': 'application/json' });
    await expect(form).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
