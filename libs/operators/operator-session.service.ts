import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type OperatorIdentity } from './operator-identity';
import { type ConsoleConfig } from '@libs/platform/config/app-config';
import { DerivedKeyRing } from '@libs/security/derived-key-ring';
import { type SecretBoxOptions } from '@libs/security/secret-box';
import { type OperatorSessionRepository, type SessionWithOperator } from './operator-session.repository';

export type SessionPolicy = Pick<ConsoleConfig, 'sessionIdleTimeoutMs' | 'sessionMaxAgeMs'>;

/** A console request's session, once its token is known good. */
export interface ConsoleSession {
  operator: OperatorIdentity;
  /** The token the console's forms must send back (synchronizer token). */
  csrfToken: string;
  /** SHA-256 of the session token: names the session (logs, audit) without opening it. */
  sessionId: string;
}

/** What a token names: an open session, one that ended (idle or too old) of an enabled operator, or none. */
export type SessionLookup =
  { kind: 'open'; session: ConsoleSession } | { kind: 'ended'; operatorId: string } | { kind: 'none' };

export interface OpenedSession {
  /** The cookie's value: shown once, never stored. */
  sessionToken: string;
  csrfToken: string;
}

export interface SessionOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

// Its own label: the CSRF key shares no material with the other keys derived from ENCRYPTION_KEY.
const CSRF_KEY_PURPOSE = 'pre-statement-service/console-csrf/v1';
const TOKEN_BYTES = 32;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** `last_seen_at` is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 30_000;

/**
 * The console's sessions: an opaque random token in a cookie, of which the database keeps only the
 * SHA-256. A session ends after `sessionIdleTimeoutMs` without use and `sessionMaxAgeMs` after its
 * login whatever the use, when its operator is disabled, and at logout; a lockout refuses logins only.
 *
 * The CSRF token is an HMAC of the session token under a key derived from ENCRYPTION_KEY: nothing more
 * to store, and no one can compute it without both the cookie and the key. It is made with the active
 * key: after a key rotation, a form rendered before the restart is refused once and the page reloaded.
 */
export class OperatorSessionService {
  readonly #csrfKeys: DerivedKeyRing;
  private readonly touchIntervalMs: number;

  constructor(
    private readonly sessions: OperatorSessionRepository,
    encryptionKeys: SecretBoxOptions,
    private readonly policy: SessionPolicy,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.#csrfKeys = new DerivedKeyRing(encryptionKeys, CSRF_KEY_PURPOSE);
    // last_seen_at lags the last use by up to this interval, so a session may end that much before a
    // full idle timeout: a small fraction of it, whatever the timeout is set to.
    this.touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, policy.sessionIdleTimeoutMs / 10);
  }

  /** A new session of the operator (after a successful login), and its operator's expired ones deleted. */
  async open(operatorId: string, origin: SessionOrigin = {}): Promise<OpenedSession> {
    const now = this.clock();
    await this.sessions.deleteExpiredOf(
      operatorId,
      new Date(now.getTime() - this.policy.sessionMaxAgeMs),
      new Date(now.getTime() - this.policy.sessionIdleTimeoutMs),
    );
    const sessionToken = randomBytes(TOKEN_BYTES).toString('base64url');
    await this.sessions.insert({
      id: sessionIdOf(sessionToken),
      operatorId,
      at: now,
      ip: origin.ip ?? null,
      userAgent: origin.userAgent ?? null,
    });
    return { sessionToken, csrfToken: this.csrfTokenOf(sessionToken) };
  }

  /**
   * The session of `token` and its operator, or null when the token is unknown or the session is over
   * (idle, too old, its operator disabled: it is then deleted). A lockout leaves it alone: it refuses
   * logins, and failed ones may come from anyone who knows the operator's email, so ending or
   * suspending the operator's sessions would let them throw the operator out. A session is ended for
   * cause by disabling its operator.
   */
  async resolve(token: string | null | undefined): Promise<ConsoleSession | null> {
    const found = await this.lookUp(token);
    return found.kind === 'open' ? found.session : null;
  }

  /**
   * As `resolve`, telling apart a session that just ended (idle or too old) of an operator who may log
   * in again: what that operator was sending can wait for them (FormDraftRepository). The ended session
   * is deleted all the same, and says so once.
   */
  async lookUp(token: string | null | undefined): Promise<SessionLookup> {
    // Garbage is refused without a database round trip.
    if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return { kind: 'none' };
    const sessionId = sessionIdOf(token);
    const session = await this.sessions.findWithOperator(sessionId);
    if (session === null) return { kind: 'none' };
    const now = this.clock();
    if (this.isOver(session, now)) {
      await this.sessions.delete(sessionId);
      return session.operator.disabledAt === null
        ? { kind: 'ended', operatorId: session.operator.id }
        : { kind: 'none' };
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= this.touchIntervalMs) {
      await this.sessions.touch(sessionId, now);
    }
    const { id, email, role } = session.operator;
    return {
      kind: 'open',
      session: { operator: { id, email, role }, csrfToken: this.csrfTokenOf(token), sessionId },
    };
  }

  /** Logout: the session of `token` is deleted (nothing happens for an unknown one). */
  async end(token: string | null | undefined): Promise<void> {
    if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return;
    await this.sessions.delete(sessionIdOf(token));
  }

  /** Whether `presented` is the session's CSRF token, compared in constant time. */
  verifyCsrf(session: Pick<ConsoleSession, 'csrfToken'>, presented: string | null | undefined): boolean {
    if (typeof presented !== 'string') return false;
    const expected = Buffer.from(session.csrfToken);
    const actual = Buffer.from(presented);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private isOver(session: SessionWithOperator, now: Date): boolean {
    const age = now.getTime() - session.createdAt.getTime();
    const idle = now.getTime() - session.lastSeenAt.getTime();
    return (
      age >= this.policy.sessionMaxAgeMs ||
      idle >= this.policy.sessionIdleTimeoutMs ||
      session.operator.disabledAt !== null
    );
  }

  private csrfTokenOf(sessionToken: string): string {
    return createHmac('sha256', this.#csrfKeys.active).update(sessionToken).digest('base64url');
  }
}

/** What the database knows a session by: the SHA-256 of its token (a 256-bit random value). */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
