import { type NextFunction, type Request, type Response } from 'express';
import { type RateLimitConfig } from '@libs/platform/config/app-config';
import { DomainError } from '@libs/platform/domain-error';
import { type MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';

const AUTH_ROUTE = /^\/account\/auth\/?$/;

/**
 * Per client IP, before anything else is done with a request (429 with `Retry-After`): every request
 * counts, whatever route (health, metrics and codec included) and whatever credentials it presents;
 * `POST /account/auth` counts besides against the stricter login bucket of its IP. A presented API key
 * gets a bucket of its own only once it is known valid (ApiKeyRateLimit, charged by the guards), so
 * that inventing keys cannot multiply anyone's allowance.
 */
export function rateLimitMiddleware(limiter: MemoryRateLimiter, limits: RateLimitConfig) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const buckets: [string, number][] = [[`ip:${ip}`, limits.ipPerMinute]];
    if (AUTH_ROUTE.test(path)) buckets.push([`auth-ip:${ip}`, limits.authPerMinute]);
    let retryAfter = 0;
    for (const [bucket, limit] of buckets) {
      const decision = limiter.consume(bucket, limit);
      if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.retryAfterSeconds);
    }
    next(retryAfter > 0 ? new DomainError('rate_limited', { retryAfter }) : undefined);
  };
}
