import { type Request } from 'express';

/**
 * The browser says, rather than leaves unsaid, that a page of this very host sent the form: every
 * browser of the last years sends `Sec-Fetch-Site` or `Origin` with a form.
 */
export function saysSameOrigin(req: Request): boolean {
  const said = req.headers['sec-fetch-site'] !== undefined || req.headers.origin !== undefined;
  return said && isSameOrigin(req);
}

/** The form was sent by a page of this very host (browsers say where a request comes from). */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
