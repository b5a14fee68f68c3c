import { randomUUID } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes the client's X-Request-Id when it is sane, else makes one; the logs carry it too. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
}
