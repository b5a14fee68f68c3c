import { type DataSource, type EntityManager, type Repository } from 'typeorm';
import { type OperatorRole } from './operator-identity';
import { OperatorSessionEntity } from '@libs/persistence/entities/operator-session.entity';

export interface NewOperatorSession {
  /** SHA-256 of the token, hex. */
  id: string;
  operatorId: string;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

/** A session with what a request needs to know of its operator, read in one query. */
export interface SessionWithOperator {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  operator: {
    id: string;
    email: string;
    role: OperatorRole;
    disabledAt: Date | null;
    lockedUntil: Date | null;
  };
}

// Bounded like their columns: both come from the request, and a refused insert would refuse the login.
const IP_MAX = 64;
const USER_AGENT_MAX = 512;

export class OperatorSessionRepository {
  private readonly sessions: Repository<OperatorSessionEntity>;

  constructor(dataSource: DataSource) {
    this.sessions = dataSource.getRepository(OperatorSessionEntity);
  }

  async insert(session: NewOperatorSession): Promise<void> {
    await this.sessions.insert({
      id: session.id,
      operatorId: session.operatorId,
      createdAt: session.at,
      lastSeenAt: session.at,
      ip: session.ip?.slice(0, IP_MAX) ?? null,
      userAgent: session.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
  }

  /** The session and its operator in one query: this runs on every console request. */
  async findWithOperator(id: string): Promise<SessionWithOperator | null> {
    const rows: {
      id: string;
      created_at: Date;
      last_seen_at: Date;
      operator_id: string;
      email: string;
      role: OperatorRole;
      disabled_at: Date | null;
      locked_until: Date | null;
    }[] = await this.sessions.query(
      `SELECT s.id, s.created_at, s.last_seen_at, s.operator_id, o.email, o.role, o.disabled_at, o.locked_until
         FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
        WHERE s.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      operator: {
        id: row.operator_id,
        email: row.email,
        role: row.role,
        disabledAt: row.disabled_at,
        lockedUntil: row.locked_until,
      },
    };
  }

  /** Moves `last_seen_at` forward to `at` (never back, whatever order concurrent requests land in). */
  async touch(id: string, at: Date): Promise<void> {
    await this.sessions.query(
      `UPDATE operator_sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2`,
      [id, at],
    );
  }

  async delete(id: string): Promise<void> {
    await this.sessions.delete({ id });
  }

  /** Ends every session of the operator; the number ended. */
  async deleteAllOf(tx: EntityManager, operatorId: string): Promise<number> {
    const result = await tx.delete(OperatorSessionEntity, { operatorId });
    return result.affected ?? 0;
  }

  /**
   * Deletes the operator's sessions that are over: created before `createdBefore` or unused since
   * `lastSeenBefore`. Sessions are otherwise deleted when next presented, which an abandoned one never is.
   */
  async deleteExpiredOf(operatorId: string, createdBefore: Date, lastSeenBefore: Date): Promise<void> {
    await this.sessions.query(
      `DELETE FROM operator_sessions
        WHERE operator_id = $1 AND (created_at <= $2 OR last_seen_at <= $3)`,
      [operatorId, createdBefore, lastSeenBefore],
    );
  }
}
