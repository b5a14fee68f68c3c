import { MemoryRateLimiter } from './memory-rate-limiter';

describe('MemoryRateLimiter', () => {
  let now = 0;
  const limiter = (maxKeys?: number) => new MemoryRateLimiter({ clock: () => now, maxKeys });
  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows a burst up to the limit, then refuses with the wait until the next request', () => {
    const limits = limiter();
    for (let i = 0; i < 5; i++) expect(limits.consume('k', 5).allowed).toBe(true);
    expect(limits.consume('k', 5)).toEqual({ allowed: false, retryAfterSeconds: 12 });
  });

  it('refills continuously at the limit per minute', () => {
    const limits = limiter();
    for (let i = 0; i < 60; i++) limits.consume('k', 60);
    expect(limits.consume('k', 60).allowed).toBe(false);
    now += 1000;
    expect(limits.consume('k', 60).allowed).toBe(true);
    expect(limits.consume('k', 60)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 60_000;
    for (let i = 0; i < 60; i++) expect(limits.consume('k', 60).allowed).toBe(true);
    expect(limits.consume('k', 60).allowed).toBe(false);
  });

  it('counts each key on its own', () => {
    const limits = limiter();
    expect(limits.consume('a', 1).allowed).toBe(true);
    expect(limits.consume('a', 1).allowed).toBe(false);
    expect(limits.consume('b', 1).allowed).toBe(true);
  });

  it('does not count refused requests', () => {
    const limits = limiter();
    limits.consume('k', 1);
    for (let i = 0; i < 100; i++) limits.consume('k', 1);
    now += 60_000;
    expect(limits.consume('k', 1).allowed).toBe(true);
  });

  it('keeps at most maxKeys buckets, forgetting the least recently used', () => {
    const limits = limiter(3);
    for (const key of ['a', 'b', 'c']) limits.consume(key, 1);
    limits.consume('a', 1);
    limits.consume('d', 1);
    expect(limits.size).toBe(3);
    // 'b' was forgotten: a full bucket again; 'a' was kept: still empty.
    expect(limits.consume('b', 1).allowed).toBe(true);
    expect(limits.consume('a', 1).allowed).toBe(false);
  });
});
