import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One delivery attempt of a notification: the delivery log. */
@Entity({ name: 'notification_attempts' })
export class NotificationAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'notification_id', type: 'uuid' })
  notificationId!: string;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url!: string | null;

  @Column({ name: 'http_status', type: 'int', nullable: true })
  httpStatus!: number | null;

  @Column({ name: 'latency_ms', type: 'int', nullable: true })
  latencyMs!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** First 1 KiB of the response body. */
  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt!: string | null;
}
