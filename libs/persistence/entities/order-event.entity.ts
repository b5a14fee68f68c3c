import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type OrderState } from '@libs/orders/order-state';

/** Append-only history of an order's transitions. */
@Entity({ name: 'order_events' })
@Index('order_events_order_idx', ['orderid', 'id'])
export class OrderEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ name: 'from_state', type: 'varchar', length: 16, nullable: true })
  fromState!: OrderState | null;

  @Column({ name: 'to_state', type: 'varchar', length: 16 })
  toState!: OrderState;

  @Column({ type: 'varchar', length: 64 })
  trigger!: string;

  /** Non-secret context: refresh comment, missing doctypes… */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  detail!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
