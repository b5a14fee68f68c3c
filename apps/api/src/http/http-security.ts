import { type RequestHandler } from 'express';
import { type AppConfig } from '../../../../libs/config/app-config';
import { type AppLogger } from '../../../../libs/logging/app-logger';
import { MemoryRateLimiter } from '../../../../libs/rate-limit/memory-rate-limiter';
import { codecCorsMiddleware } from '../codec/codec-cors.middleware';
import { rateLimitMiddleware } from './rate-limit.middleware';
import { requestLogMiddleware, resumeLogContextMiddleware } from './request-log.middleware';

export const HTTP_SECURITY_MIDDLEWARES = Symbol('HTTP_SECURITY_MIDDLEWARES');

export interface HttpSecurityMiddlewares {
  /** After the request id, before the body is read. */
  beforeBody: RequestHandler[];
  /** Once the body is parsed. */
  afterBody: RequestHandler[];
}

/**
 * Before the body: the request log (and log context), CORS of the codec routes (preflights are not
 * rate limited), rate limits. After it: the log context again, since reading the body left it.
 */
export function httpSecurityMiddlewares(config: AppConfig, logger: AppLogger): HttpSecurityMiddlewares {
  return {
    beforeBody: [
      requestLogMiddleware(logger),
      codecCorsMiddleware(config.codec.uiOrigin),
      rateLimitMiddleware(new MemoryRateLimiter(), config.rateLimit),
    ],
    afterBody: [resumeLogContextMiddleware],
  };
}
