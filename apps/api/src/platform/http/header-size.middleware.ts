import { HttpRefusal } from './http-refusal';
import { type NextFunction, type Request, type Response } from 'express';

/**
 * URL and headers beyond `maxBytes` answer 431. Node's own parser limit is set higher
 * (http-application.ts), so that this limit is applied here, where the method is known: a HEAD gets
 * the status and headers only, any other method the envelope.
 */
export function headerSizeMiddleware(maxBytes: number) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    // As Node's parser counts them: the request line, and each header line with its separator.
    let size = req.method.length + (req.originalUrl ?? req.url).length + 12;
    for (const part of req.rawHeaders) size += part.length + 2;
    next(size > maxBytes ? new HttpRefusal('headers_too_large') : undefined);
  };
}
