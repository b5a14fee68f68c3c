import { type RateLimitConfig } from '@libs/platform/config/app-config';
import { DomainError } from '@libs/platform/domain-error';
import { type MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';

/**
 * Request rates per API key, charged by the guard once the key is known valid, and named by the key's
 * id: a key nobody was issued never gets a bucket (its requests count against their IP only,
 * rate-limit.middleware.ts), and nobody can drain a client's bucket without holding its key.
 */
export class ApiKeyRateLimit {
  constructor(
    private readonly limiter: MemoryRateLimiter,
    private readonly limits: RateLimitConfig,
  ) {}

  /** One login attempt with the key `keyId`; 429 beyond `authPerMinute`. */
  chargeLogin(keyId: string): void {
    this.charge(`auth-key:${keyId}`, this.limits.authPerMinute);
  }

  /** One request of an authenticated route with the key `keyId`; 429 beyond `apiPerMinute`. */
  chargeRequest(keyId: string): void {
    this.charge(`key:${keyId}`, this.limits.apiPerMinute);
  }

  private charge(bucket: string, limitPerMinute: number): void {
    const decision = this.limiter.consume(bucket, limitPerMinute);
    if (!decision.allowed) throw new DomainError('rate_limited', { retryAfter: decision.retryAfterSeconds });
  }
}
