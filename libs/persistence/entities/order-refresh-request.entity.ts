import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A refresh as the API received it. The workflow's refresh update carries only this row's id, so new
 * syndic credentials reach the worker through the database, sealed, never through Temporal history.
 */
@Entity({ name: 'order_refresh_requests' })
export class OrderRefreshRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ type: 'text', default: '' })
  comment!: string;

  @Column({ name: 'all_due_paid', type: 'boolean', default: false })
  allDuePaid!: boolean;

  @Column({ type: 'varchar', length: 16 })
  method!: 'extranet' | 'upload';

  @Column({ name: 'syndic_name', type: 'varchar', length: 255, nullable: true })
  syndicName!: string | null;

  @Column({ name: 'syndic_username', type: 'varchar', length: 255, nullable: true })
  syndicUsername!: string | null;

  @Column({ name: 'syndic_password_sealed', type: 'text', nullable: true })
  syndicPasswordSealed!: string | null;

  @Column({ name: 'syndic_url', type: 'varchar', length: 2048, nullable: true })
  syndicUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'applied_at', type: 'timestamptz', nullable: true })
  appliedAt!: Date | null;
}
