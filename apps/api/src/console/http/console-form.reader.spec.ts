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
