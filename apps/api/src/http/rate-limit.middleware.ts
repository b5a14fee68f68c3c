import { createHash } from 'node:crypto';
import { type NextFunction, type Request, type Response } from 'express';
import { type RateLimitConfig } from '../../../../libs/config/app-config';
import { DomainError } from '../../../../libs/domain/domain-error';
import { type MemoryRateLimiter } from '../../../../libs/rate-limit/memory-rate-limiter';

const AUTH_ROUTE = /^\/account\/auth\/?$/;
// Probes of orchestrators and Prometheus are not clients' traffic.
const EXEMPT_ROUTE = /^\/(?:health|metrics)\/?$/;

/**
 * Request rates, before any body is read or any credential checked (429 with `Retry-After`):
 * - `POST /account/auth`: per client IP and per API key presented (brute force);
 * - everything else: per API key presented, or per client IP when there is none.
 * Buckets are named by a hash of the presented key, so nobody can drain another client's bucket
 * without holding its key.
 */
export function rateLimitMiddleware(limiter: MemoryRateLimiter, limits: RateLimitConfig) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    if (EXEMPT_ROUTE.test(path)) return next();
    const presented = req.headers['x-auth-key'];
    const key = typeof presented === 'string' && presented !== '' ? keyBucket(presented) : null;
    const ip = `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
    const buckets: [string, number][] = AUTH_ROUTE.test(path)
      ? [
          [`auth:${ip}`, limits.authPerMinute],
          ...(key ? [[`auth:${key}`, limits.authPerMinute] as [string, number]] : []),
        ]
      : [[`api:${key ?? ip}`, limits.apiPerMinute]];
    let retryAfter = 0;
    for (const [bucket, limit] of buckets) {
      const decision = limiter.consume(bucket, limit);
      if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.retryAfterSeconds);
    }
    if (retryAfter > 0) {
      // The body is not wanted: drain it so the client reads the 429 instead of a reset connection.
      req.resume();
      return next(new DomainError('rate_limited', { retryAfter }));
    }
    next();
  };
}

function keyBucket(presentedKey: string): string {
  return `key:${createHash('sha256').update(presentedKey, 'utf8').digest('base64url').slice(0, 22)}`;
}
