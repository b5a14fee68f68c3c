import { randomBytes } from 'node:crypto';

export interface SandboxSession {
  username: string;
  expiresAt: number;
}

const SESSION_TTL_MS = 60 * 60 * 1000;
// Bounds memory when a client logs in over and over; the oldest sessions go first.
const MAX_SESSIONS = 10_000;

/** Bearer tokens issued by the sandbox login, held in memory: a restart logs everybody out. */
export class SandboxSessionStore {
  private readonly sessions = new Map<string, SandboxSession>();

  readonly ttlSeconds = SESSION_TTL_MS / 1000;

  open(username: string, now = Date.now()): string {
    const token = randomBytes(24).toString('base64url');
    this.sessions.set(token, { username, expiresAt: now + SESSION_TTL_MS });
    if (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next();
      if (!oldest.done) this.sessions.delete(oldest.value);
    }
    return token;
  }

  find(token: string, now = Date.now()): SandboxSession | undefined {
    const session = this.sessions.get(token);
    if (session === undefined) return undefined;
    if (session.expiresAt <= now) {
      this.sessions.delete(token);
      return undefined;
    }
    return session;
  }
}
