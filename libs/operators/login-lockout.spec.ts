import { type LockoutState, admitLoginAttempt, isLocked } from './login-lockout';

const POLICY = { loginFailuresBeforeLockout: 3, lockoutMs: 60_000 };
const T0 = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const FRESH: LockoutState = { failedLogins: 0, lockedUntil: null };

/** Runs `n` failed attempts from `state` at `now`, as the service records them. */
function failures(state: LockoutState, n: number, now = T0): LockoutState {
  for (let i = 0; i < n; i++) {
    const admission = admitLoginAttempt(state, now, POLICY);
    if (!admission.admitted) throw new Error(`attempt ${i + 1} refused`);
    state = admission.next;
  }
  return state;
}

describe('admitLoginAttempt', () => {
  it('counts each attempt from its start, and the one reaching the threshold locks for the lockout', () => {
    expect(admitLoginAttempt(FRESH, T0, POLICY)).toEqual({
      admitted: true,
      next: { failedLogins: 1, lockedUntil: null },
    });
    expect(failures(FRESH, 2)).toEqual({ failedLogins: 2, lockedUntil: null });
    expect(failures(FRESH, 3)).toEqual({ failedLogins: 3, lockedUntil: at(60_000) });
  });

  it('refuses every attempt while locked, without counting it', () => {
    const locked = failures(FRESH, 3);
    expect(admitLoginAttempt(locked, at(1), POLICY)).toEqual({ admitted: false, lockedUntil: at(60_000) });
    expect(admitLoginAttempt(locked, at(59_999), POLICY)).toEqual({
      admitted: false,
      lockedUntil: at(60_000),
    });
    expect(isLocked(locked, at(59_999))).toBe(true);
  });

  it('starts a fresh count once the lock has run out', () => {
    const locked = failures(FRESH, 3);
    expect(isLocked(locked, at(60_000))).toBe(false);
    expect(admitLoginAttempt(locked, at(60_000), POLICY)).toEqual({
      admitted: true,
      next: { failedLogins: 1, lockedUntil: null },
    });
  });

  it('locks with a threshold of one at the first attempt', () => {
    const admission = admitLoginAttempt(FRESH, T0, { loginFailuresBeforeLockout: 1, lockoutMs: 1000 });
    expect(admission).toEqual({ admitted: true, next: { failedLogins: 1, lockedUntil: at(1000) } });
  });
});
