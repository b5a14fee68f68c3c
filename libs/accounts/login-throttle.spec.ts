import { LoginThrottle } from './login-throttle';

const KEY = 'key-1';

describe('LoginThrottle', () => {
  let now = 0;
  const throttle = () =>
    new LoginThrottle({ failuresBeforeDelay: 3, maxDelayMs: 8000, clock: () => now, maxEntries: 2 });
  beforeEach(() => {
    now = 5_000_000;
  });

  it('lets the first attempts through, then makes each next one wait a doubling delay', () => {
    const t = throttle();
    expect([t.begin('a@b.fr', KEY), t.begin('a@b.fr', KEY), t.begin('a@b.fr', KEY)]).toEqual([0, 0, 0]);
    expect(t.begin('a@b.fr', KEY)).toBe(1);
    now += 1000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    expect(t.begin('a@b.fr', KEY)).toBe(2);
    now += 2000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    expect(t.begin('a@b.fr', KEY)).toBe(4);
    now += 4000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    // Capped.
    expect(t.begin('a@b.fr', KEY)).toBe(8);
    now += 8000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    expect(t.begin('a@b.fr', KEY)).toBe(8);
  });

  it('does not count refused attempts', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.begin('a@b.fr', KEY);
    for (let i = 0; i < 50; i++) expect(t.begin('a@b.fr', KEY)).toBe(1);
    now += 1000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    expect(t.begin('a@b.fr', KEY)).toBe(2);
  });

  it('starts afresh after a success, and treats emails case-insensitively', () => {
    const t = throttle();
    for (let i = 0; i < 2; i++) t.begin('A@B.fr ', KEY);
    t.succeeded('a@b.fr', KEY);
    expect([t.begin('a@b.fr', KEY), t.begin('a@b.fr', KEY), t.begin('a@b.fr', KEY)]).toEqual([0, 0, 0]);
  });

  it('counts each email on its own, known or not', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.begin('a@b.fr', KEY);
    expect(t.begin('a@b.fr', KEY)).toBeGreaterThan(0);
    expect(t.begin('nobody@b.fr', KEY)).toBe(0);
  });

  it('counts each API key on its own for one email, so no other key can lock the owner out', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.begin('a@b.fr', 'someone-else');
    expect(t.begin('a@b.fr', 'someone-else')).toBeGreaterThan(0);
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    t.succeeded('a@b.fr', KEY);
    // The owner's success does not clear the other key's failures either.
    expect(t.begin('a@b.fr', 'someone-else')).toBeGreaterThan(0);
  });

  it('forgets old failures', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.begin('a@b.fr', KEY);
    now += 2 * 3_600_000;
    expect(t.begin('a@b.fr', KEY)).toBe(0);
    expect(t.begin('a@b.fr', KEY)).toBe(0);
  });
});
