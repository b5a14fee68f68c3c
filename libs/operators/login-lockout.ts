import { type ConsoleConfig } from '@libs/platform/config/app-config';

export type LockoutPolicy = Pick<ConsoleConfig, 'loginFailuresBeforeLockout' | 'lockoutMs'>;

/** Where an email stands: attempts since its last success and the lock they caused, if any. */
export interface LockoutState {
  failedLogins: number;
  lockedUntil: Date | null;
}

export type Admission =
  | { admitted: false; lockedUntil: Date }
  /** `next` is the state to record now; it stays true of a failed attempt, a success resets it. */
  | { admitted: true; next: LockoutState };

/**
 * The lockout rule, for a login attempt that begins at `now`. While locked, every attempt is refused,
 * correct or not, and not counted. Otherwise the attempt counts as failed from the moment it begins,
 * so parallel guesses cannot all be checked before the first failures are recorded; the attempt that
 * reaches the threshold locks the account unless it succeeds. A lock that has run out starts a fresh
 * count.
 */
export function admitLoginAttempt(state: LockoutState, now: Date, policy: LockoutPolicy): Admission {
  if (isLocked(state, now)) return { admitted: false, lockedUntil: state.lockedUntil! };
  const failedLogins = (state.lockedUntil === null ? state.failedLogins : 0) + 1;
  const locks = failedLogins >= policy.loginFailuresBeforeLockout;
  return {
    admitted: true,
    next: { failedLogins, lockedUntil: locks ? new Date(now.getTime() + policy.lockoutMs) : null },
  };
}

export function isLocked(state: Pick<LockoutState, 'lockedUntil'>, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}
