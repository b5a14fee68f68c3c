import { type RequestHandler } from 'express';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { type MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';
import { codecCorsMiddleware } from '../codec/codec-cors.middleware';
import { headerSizeMiddleware } from './header-size.middleware';
import { rateLimitMiddleware } from './rate-limit.middleware';
import { requestLogMiddleware } from './request-log.middleware';
import { unreadBodyMiddleware } from './unread-body.middleware';

export const HTTP_SECURITY_MIDDLEWARES = Symbol('HTTP_SECURITY_MIDDLEWARES');

// Beyond the largest body a route reads: what a client still sending an upload refused before its end
// may send on. Past it, or that long after the answer, the connection is closed.
const UNREAD_BODY_SLACK_BYTES = 1024 * 1024;
const UNREAD_BODY_MAX_MS = 30_000;

/**
 * What every request goes through after the request id and before the router, all of it cheap and
 * none of it reading the body: the request log (and log context), the bound on discarding unread
 * bodies, the per-IP rate limit (first of the checks, so that it counts every request, CORS preflights
 * included), the URL and headers limit, and CORS of the codec routes (preflights are answered there,
 * before authentication, as browsers send them without credentials).
 */
export function httpSecurityMiddlewares(
  config: AppConfig,
  logger: AppLogger,
  limiter: MemoryRateLimiter,
): RequestHandler[] {
  return [
    requestLogMiddleware(logger),
    unreadBodyMiddleware({
      maxBytes: config.http.uploadBodyLimitBytes + UNREAD_BODY_SLACK_BYTES,
      maxMs: UNREAD_BODY_MAX_MS,
    }),
    rateLimitMiddleware(limiter, config.rateLimit),
    headerSizeMiddleware(config.http.headerLimitBytes),
    codecCorsMiddleware(config.codec.uiOrigin),
  ];
}
