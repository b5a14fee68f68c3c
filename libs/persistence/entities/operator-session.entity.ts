import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A console session. Only the SHA-256 of its token is stored: a database dump opens no session. */
@Entity({ name: 'operator_sessions' })
export class OperatorSessionEntity {
  /** SHA-256 of the session token, hex. */
  @PrimaryColumn({ type: 'char', length: 64 })
  id!: string;

  @Index()
  @Column({ name: 'operator_id', type: 'uuid' })
  operatorId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Refreshed at most every few seconds, not on every request (see OperatorSessionService). */
  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;
}
