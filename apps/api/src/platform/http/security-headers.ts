import { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';

// The OpenAPI UI is a page with its own scripts and styles; the operator console is pages with their
// stylesheet, forms and a document preview frame; everything else is JSON or a PDF.
const DOCUMENTATION_PAGE = /^\/docs(?:\/|$)/;
const CONSOLE_PAGE = /^\/console(?:\/|$)/;
const CONSOLE_DOCUMENT = /^\/console\/orders\/[^/]+\/documents\/[^/]+$/;

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
// No script at all: the console's pages work with forms and links only.
const forConsole = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      frameSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  // Not `no-referrer`: with it browsers send `Origin: null` with the console's own forms, and the
  // console refuses a form whose origin is not its own (console-form.interceptor.ts).
  referrerPolicy: { policy: 'same-origin' },
});
// A document shown in the order page's preview frame: framed by the console itself, nothing else.
const forConsoleDocument = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      imgSrc: ["'self'"],
      objectSrc: ["'self'"],
      // Nothing a document holds may send a form anywhere (a fake login page, say).
      formAction: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'no-referrer' },
});

/**
 * Security headers on every answer, errors and unknown routes included: helmet's set (HSTS, nosniff,
 * frame and cross-origin policies…), a CSP that forbids everything outside the documentation page and
 * what the console's pages need,
 * and `Cache-Control: no-store` since answers carry tokens and personal data.
 */
export function securityHeaders() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (DOCUMENTATION_PAGE.test(req.path)) return forDocumentation(req, res, next);
    res.setHeader('Cache-Control', 'no-store');
    if (CONSOLE_DOCUMENT.test(req.path)) return forConsoleDocument(req, res, next);
    if (CONSOLE_PAGE.test(req.path)) return forConsole(req, res, next);
    forApi(req, res, next);
  };
}
