import { type NextFunction, type Request, type Response } from 'express';

const CODEC_ROUTE = /^\/codec\/(?:encode|decode)\/?$/;

/**
 * CORS for the codec routes only, and only for the Temporal Web UI's origin: the UI calls them from
 * the operator's browser. Every other route sends no CORS header, so browsers keep other sites out.
 * Answers the preflight itself (204), before authentication, as browsers send it without credentials.
 */
export function codecCorsMiddleware(uiOrigin: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    if (!CODEC_ROUTE.test(path)) return next();
    res.vary('Origin');
    const allowed = req.headers.origin === uiOrigin;
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', uiOrigin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (req.method !== 'OPTIONS') return next();
    if (allowed) {
      res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Namespace');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
