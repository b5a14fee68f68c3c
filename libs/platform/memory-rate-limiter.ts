export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until one more request would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

export interface MemoryRateLimiterOptions {
  /** Buckets kept at most; the least recently used go first (a forgotten bucket is a full one). */
  maxKeys?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
}

const WINDOW_MS = 60_000;

/**
 * Token buckets in process memory, one per key: a bucket holds up to `limitPerMinute` requests and
 * refills continuously at that rate, so a client may burst up to its limit, then goes at the limit's
 * pace. Memory is bounded by `maxKeys`. Per process: with several API instances, each applies the
 * limit on its own (a shared store, e.g. Redis, would be the next step behind a load balancer).
 */
export class MemoryRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxKeys: number;
  private readonly clock: () => number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.clock = options.clock ?? Date.now;
  }

  /** Takes one request from `key`'s bucket if it has one. */
  consume(key: string, limitPerMinute: number): RateLimitDecision {
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: limitPerMinute, refilledAt: now };
    const refill = ((now - bucket.refilledAt) * limitPerMinute) / WINDOW_MS;
    bucket.tokens = Math.min(limitPerMinute, bucket.tokens + Math.max(0, refill));
    bucket.refilledAt = now;
    // Re-inserted so that the Map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evictBeyondCapacity();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const msUntilNext = ((1 - bucket.tokens) * WINDOW_MS) / limitPerMinute;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msUntilNext / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private evictBeyondCapacity(): void {
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) return;
      this.buckets.delete(key);
    }
  }
}
