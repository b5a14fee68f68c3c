import { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';

// The OpenAPI UI is a page with its own scripts and styles; everything else is JSON or a PDF.
const DOCUMENTATION_PAGE = /^\/docs(?:\/|$)/;

const forApi = helmet({
  // Nothing served by the API is meant to run or be framed in a browser.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});
const forDocumentation = helmet({
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * Security headers on every answer, errors and unknown routes included: helmet's set (HSTS, nosniff,
 * frame and cross-origin policies…), a CSP that forbids everything outside the documentation page,
 * and `Cache-Control: no-store` since answers carry tokens and personal data.
 */
export function securityHeaders() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (DOCUMENTATION_PAGE.test(req.path)) return forDocumentation(req, res, next);
    res.setHeader('Cache-Control', 'no-store');
    forApi(req, res, next);
  };
}
