import { createHmac, hkdfSync } from 'node:crypto';
import {
  type OperatorSessionRepository,
  type NewOperatorSession,
  type SessionWithOperator,
} from './operator-session.repository';
import { OperatorSessionService, sessionIdOf } from './operator-session.service';

const KEY = { id: 'k1', key: Buffer.alloc(32, 3) };
const KEYS = { keys: [KEY], activeKeyId: 'k1' };
const POLICY = { sessionIdleTimeoutMs: 30 * 60_000, sessionMaxAgeMs: 12 * 3_600_000 };
const T0 = new Date('2026-03-02T08:00:00Z');
const MINUTE = 60_000;
const OPERATOR = {
  id: '6f1c2a1e-0000-4000-8000-000000000001',
  email: 'jeanne@prestataire.fr',
  role: 'operator' as const,
};

/** The repository's contract over an in-memory table, with the operator's state beside it. */
class MemorySessions {
  rows = new Map<string, NewOperatorSession & { lastSeenAt: Date }>();
  operator = { ...OPERATOR, disabledAt: null as Date | null, lockedUntil: null as Date | null };
  touches = 0;

  async insert(session: NewOperatorSession): Promise<void> {
    this.rows.set(session.id, { ...session, lastSeenAt: session.at });
  }

  async findWithOperator(id: string): Promise<SessionWithOperator | null> {
    const row = this.rows.get(id);
    return row ? { id, createdAt: row.at, lastSeenAt: row.lastSeenAt, operator: { ...this.operator } } : null;
  }

  async touch(id: string, at: Date): Promise<void> {
    this.touches++;
    const row = this.rows.get(id);
    if (row && row.lastSeenAt < at) row.lastSeenAt = at;
  }

  async delete(id: string): Promise<void> {
    this.rows.delete(id);
  }

  async deleteExpiredOf(operatorId: string, createdBefore: Date, lastSeenBefore: Date): Promise<void> {
    for (const [id, row] of this.rows) {
      if (row.operatorId === operatorId && (row.at <= createdBefore || row.lastSeenAt <= lastSeenBefore)) {
        this.rows.delete(id);
      }
    }
  }
}

describe('OperatorSessionService', () => {
  let now: Date;
  let sessions: MemorySessions;
  let service: OperatorSessionService;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeEach(() => {
    now = T0;
    sessions = new MemorySessions();
    service = new OperatorSessionService(
      sessions as unknown as OperatorSessionRepository,
      KEYS,
      POLICY,
      () => now,
    );
  });

  it('opens a session with a 256-bit base64url token, storing only its SHA-256', async () => {
    const opened = await service.open(OPERATOR.id, { ip: '192.0.2.7', userAgent: 'Firefox' });
    expect(opened.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(opened.sessionToken, 'base64url')).toHaveLength(32);
    const [stored] = [...sessions.rows.values()];
    expect(stored).toEqual({
      id: sessionIdOf(opened.sessionToken),
      operatorId: OPERATOR.id,
      at: T0,
      lastSeenAt: T0,
      ip: '192.0.2.7',
      userAgent: 'Firefox',
    });
    expect(stored!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(opened.sessionToken);
    expect((await service.open(OPERATOR.id)).sessionToken).not.toBe(opened.sessionToken);
  });

  it('resolves a token to its operator, CSRF token and session id', async () => {
    const opened = await service.open(OPERATOR.id);
    expect(await service.resolve(opened.sessionToken)).toEqual({
      operator: OPERATOR,
      csrfToken: opened.csrfToken,
      sessionId: sessionIdOf(opened.sessionToken),
    });
  });

  it('answers null to unknown and malformed tokens', async () => {
    await service.open(OPERATOR.id);
    for (const token of [undefined, null, '', 'x'.repeat(43), 'not a token', `${'a'.repeat(42)}=`]) {
      expect(await service.resolve(token)).toBeNull();
    }
  });

  describe('idle timeout', () => {
    it('ends a session unused for the idle timeout', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      later(30 * MINUTE - 1);
      expect(await service.resolve(sessionToken)).not.toBeNull();
      later(30 * MINUTE);
      expect(await service.resolve(sessionToken)).toBeNull();
      expect(sessions.rows.size).toBe(0);
      // Gone for good, even if the clock went back.
      now = T0;
      expect(await service.resolve(sessionToken)).toBeNull();
    });

    it('says whose session just ended, once, so that what its operator sent can wait for them', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      expect((await service.lookUp(sessionToken)).kind).toBe('open');
      later(30 * MINUTE);
      expect(await service.lookUp(sessionToken)).toEqual({ kind: 'ended', operatorId: OPERATOR.id });
      expect(await service.lookUp(sessionToken)).toEqual({ kind: 'none' });
      expect(await service.lookUp('not a token')).toEqual({ kind: 'none' });
    });

    it('keeps a session in use alive past the idle timeout', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      for (let i = 0; i < 6; i++) {
        later(20 * MINUTE);
        expect(await service.resolve(sessionToken)).not.toBeNull();
      }
    });

    it('writes last_seen_at at most every 30 s, not on every request', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      for (let i = 0; i < 10; i++) {
        later(2_000);
        await service.resolve(sessionToken);
      }
      expect(sessions.touches).toBe(0);
      later(10_000);
      await service.resolve(sessionToken);
      expect(sessions.touches).toBe(1);
      expect([...sessions.rows.values()][0]!.lastSeenAt).toEqual(now);
      await service.resolve(sessionToken);
      expect(sessions.touches).toBe(1);
    });

    it('touches more often when the idle timeout is short, so that it stays accurate', async () => {
      service = new OperatorSessionService(
        sessions as unknown as OperatorSessionRepository,
        KEYS,
        { sessionIdleTimeoutMs: 10_000, sessionMaxAgeMs: 60_000 },
        () => now,
      );
      const { sessionToken } = await service.open(OPERATOR.id);
      for (let i = 0; i < 5; i++) {
        later(9_000);
        expect(await service.resolve(sessionToken)).not.toBeNull();
      }
      later(10_000);
      expect(await service.resolve(sessionToken)).toBeNull();
    });
  });

  describe('absolute lifetime', () => {
    it('ends a session at its maximum age, however active', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      for (let elapsed = 0; elapsed < 12 * 60 - 10; elapsed += 10) {
        later(10 * MINUTE);
        expect(await service.resolve(sessionToken)).not.toBeNull();
      }
      later(10 * MINUTE);
      expect(now.getTime() - T0.getTime()).toBe(12 * 3_600_000);
      expect(await service.resolve(sessionToken)).toBeNull();
    });

    it('deletes the operator’s expired sessions when a new one opens', async () => {
      const old = await service.open(OPERATOR.id);
      later(45 * MINUTE);
      const recent = await service.open(OPERATOR.id);
      later(MINUTE);
      await service.open(OPERATOR.id);
      expect(sessions.rows.has(sessionIdOf(old.sessionToken))).toBe(false);
      expect(sessions.rows.has(sessionIdOf(recent.sessionToken))).toBe(true);
    });
  });

  describe('the operator', () => {
    it('refuses and ends the session of a disabled operator', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      sessions.operator.disabledAt = now;
      expect(await service.resolve(sessionToken)).toBeNull();
      sessions.operator.disabledAt = null;
      expect(await service.resolve(sessionToken)).toBeNull();
    });

    it('says nothing of whose session a disabled operator’s was', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      sessions.operator.disabledAt = now;
      expect(await service.lookUp(sessionToken)).toEqual({ kind: 'none' });
    });

    it('keeps the session of a locked-out operator: a lockout refuses logins only', async () => {
      const { sessionToken } = await service.open(OPERATOR.id);
      sessions.operator.lockedUntil = new Date(now.getTime() + 15 * MINUTE);
      expect(await service.resolve(sessionToken)).toMatchObject({ operator: { id: OPERATOR.id } });
    });
  });

  it('ends a session at logout', async () => {
    const { sessionToken } = await service.open(OPERATOR.id);
    const other = await service.open(OPERATOR.id);
    await service.end(sessionToken);
    await service.end('garbage');
    await service.end(undefined);
    expect(await service.resolve(sessionToken)).toBeNull();
    expect(await service.resolve(other.sessionToken)).not.toBeNull();
  });

  describe('CSRF token', () => {
    it('is the HMAC-SHA-256 of the session token under the key derived for the console', async () => {
      const { sessionToken, csrfToken } = await service.open(OPERATOR.id);
      const key = Buffer.from(
        hkdfSync('sha256', KEY.key, Buffer.alloc(0), 'pre-statement-service/console-csrf/v1', 32),
      );
      expect(csrfToken).toBe(createHmac('sha256', key).update(sessionToken).digest('base64url'));
      expect(csrfToken).not.toContain(sessionToken);
    });

    it('is stable for a session, different between sessions and between keys', async () => {
      const first = await service.open(OPERATOR.id);
      const second = await service.open(OPERATOR.id);
      expect((await service.resolve(first.sessionToken))!.csrfToken).toBe(first.csrfToken);
      expect(second.csrfToken).not.toBe(first.csrfToken);
      const otherKeys = { keys: [{ id: 'k2', key: Buffer.alloc(32, 4) }], activeKeyId: 'k2' };
      const elsewhere = new OperatorSessionService(
        sessions as unknown as OperatorSessionRepository,
        otherKeys,
        POLICY,
        () => now,
      );
      expect((await elsewhere.resolve(first.sessionToken))!.csrfToken).not.toBe(first.csrfToken);
    });

    it('verifies the presented token against the session’s', async () => {
      const first = await service.open(OPERATOR.id);
      const second = await service.open(OPERATOR.id);
      const session = (await service.resolve(first.sessionToken))!;
      expect(service.verifyCsrf(session, first.csrfToken)).toBe(true);
      expect(service.verifyCsrf(session, second.csrfToken)).toBe(false);
      expect(service.verifyCsrf(session, first.sessionToken)).toBe(false);
      expect(service.verifyCsrf(session, first.csrfToken.slice(0, -1))).toBe(false);
      expect(service.verifyCsrf(session, `${first.csrfToken}x`)).toBe(false);
      expect(service.verifyCsrf(session, '')).toBe(false);
      expect(service.verifyCsrf(session, undefined)).toBe(false);
    });
  });
});
