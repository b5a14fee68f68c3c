import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type OperatorActionKind } from '@libs/fulfilment/operator-action';

/** What operators did to an order (docs/contract.md §9), revealing the seller's access included. */
@Entity({ name: 'operator_audit' })
@Index('operator_audit_order_idx', ['orderid', 'id'])
@Index('operator_audit_operator_idx', ['operatorId', 'id'])
export class OperatorAuditEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ name: 'operator_id', type: 'uuid' })
  operatorId!: string;

  @Column({ name: 'operator_email', type: 'varchar', length: 320 })
  operatorEmail!: string;

  @Column({ type: 'varchar', length: 40 })
  action!: OperatorActionKind;

  /** What changed, never a secret: the fields filed, the documents attached, the reason… */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  detail!: Record<string, unknown>;

  /** The Temporal update that made the change: a retried recording writes nothing more. */
  @Column({ name: 'action_key', type: 'varchar', length: 200, nullable: true, unique: true })
  actionKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
