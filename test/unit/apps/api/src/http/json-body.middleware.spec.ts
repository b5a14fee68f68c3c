import { PassThrough } from 'node:stream';
import { type Request, type Response } from 'express';
import { DomainError } from '../../../../../../libs/domain/domain-error';
import { jsonBodyMiddleware } from '../../../../../../apps/api/src/http/json-body.middleware';

const limits = { defaultBytes: 1024, uploadBytes: 4096, isUploadRoute: () => false };

function post(headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const req = Object.assign(new PassThrough(), {
    method: 'POST',
    originalUrl: '/order/',
    url: '/order/',
    headers,
  });
  const next = jest.fn();
  jsonBodyMiddleware(limits)(req as unknown as Request, {} as Response, next);
  return { req, next };
}

describe('jsonBodyMiddleware', () => {
  it('parses a JSON body', () => {
    const { req, next } = post();
    req.end('{"a":1}');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(next).toHaveBeenCalledWith();
        expect((req as unknown as Request).body).toEqual({ a: 1 });
        resolve();
      }),
    );
  });

  it('answers 413 beyond the limit', () => {
    const { req, next } = post();
    req.write(Buffer.alloc(2048, 0x20));
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ code: 'payload_too_large' }));
    expect(next.mock.calls[0]![0]).toBeInstanceOf(DomainError);
  });

  it('leaves a request its client aborted mid-body unanswered, not as a server error', () => {
    const { req, next } = post();
    req.write('{');
    req.emit('error', Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    expect(next).not.toHaveBeenCalled();
  });

  it('passes any other read error on', () => {
    const { req, next } = post();
    const failure = new Error('EIO');
    req.emit('error', failure);
    expect(next).toHaveBeenCalledWith(failure);
  });
});
