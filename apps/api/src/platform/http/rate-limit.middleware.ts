import { isIP } from 'node:net';
import { type NextFunction, type Request, type Response } from 'express';
import { type RateLimitConfig } from '@libs/platform/config/app-config';
import { DomainError } from '@libs/platform/domain-error';
import { type MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';

// Case-insensitive, as the router matches routes: `/ACCOUNT/AUTH` reaches the same handler.
const AUTH_ROUTE = /^\/account\/auth\/?$/i;
const CONSOLE_LOGIN_ROUTE = /^\/console\/login\/?$/i;

/** A login attempt: each costs a password hash check, even for an unknown account. */
function isLoginAttempt(method: string, path: string): boolean {
  return AUTH_ROUTE.test(path) || (method === 'POST' && CONSOLE_LOGIN_ROUTE.test(path));
}

/**
 * Per client IP, before anything else is done with a request (429 with `Retry-After`): every request
 * counts, whatever route (health, metrics and codec included) and whatever credentials it presents;
 * login attempts (`/account/auth`, the console's login form) count besides against the stricter login
 * bucket of their IP. A presented API key gets a bucket of its own only once it is known valid
 * (ApiKeyRateLimit, charged by the guards), so that inventing keys cannot multiply anyone's allowance.
 */
export function rateLimitMiddleware(limiter: MemoryRateLimiter, limits: RateLimitConfig) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    // `req.ip` comes from `X-Forwarded-For` behind trusted proxies: what is no address is not trusted.
    const ip = (req.ip !== undefined && isIP(req.ip) !== 0 ? req.ip : req.socket.remoteAddress) ?? 'unknown';
    const buckets: [string, number][] = [[`ip:${ip}`, limits.ipPerMinute]];
    if (isLoginAttempt(req.method, path)) buckets.push([`auth-ip:${ip}`, limits.authPerMinute]);
    let retryAfter = 0;
    for (const [bucket, limit] of buckets) {
      const decision = limiter.consume(bucket, limit);
      if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.retryAfterSeconds);
    }
    next(retryAfter > 0 ? new DomainError('rate_limited', { retryAfter }) : undefined);
  };
}
