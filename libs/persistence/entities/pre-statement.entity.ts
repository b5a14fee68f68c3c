import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type Doctype } from '@libs/orders/doctype';

/** The generated pre-statement PDF of one order version. */
@Entity({ name: 'pre_statements' })
export class PreStatementEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ name: 'order_version', type: 'int' })
  orderVersion!: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 500 })
  storageKey!: string;

  @Column({ type: 'int' })
  size!: number;

  /**
   * The account statement it was made from, as `orders.statement` stored it then (read it with
   * `readStoredStatement`): what its `done` notification reports, whatever later rounds collected. Null
   * when there was none, or for rounds superseded before it was kept.
   */
  @Column({ type: 'jsonb', nullable: true })
  statement!: object | null;

  @Column({ name: 'missing_doctypes', type: 'jsonb', default: () => "'[]'::jsonb" })
  missingDoctypes!: Doctype[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
