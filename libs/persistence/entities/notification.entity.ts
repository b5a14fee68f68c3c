import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { type OrderState } from '@libs/orders/order-state';

/** One notification to the client's callback; its id is the Standard Webhooks `webhook-id`. */
@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderState;

  /** Sent by the test endpoint: does not reflect a state change. */
  @Column({ type: 'boolean', default: false })
  test!: boolean;

  /** Order version whose pre-statement and documents a `done` notification carries. */
  @Column({ name: 'order_version', type: 'int' })
  orderVersion!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  /**
   * Settled without being sent: neither its order nor its account had a callback URL. Cleared by any
   * later attempt (a redelivery once a URL is set).
   */
  @Column({ name: 'not_sent_at', type: 'timestamptz', nullable: true })
  notSentAt!: Date | null;

  @Column({ name: 'attempt_count', type: 'int', default: 0 })
  attemptCount!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
