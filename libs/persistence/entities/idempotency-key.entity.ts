import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** First answer given to an `Idempotency-Key`, replayed for 24 h. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** SHA-256 of the canonical request body. */
  @Column({ name: 'request_hash', type: 'char', length: 64 })
  requestHash!: string;

  /** null while the first request is still being processed. */
  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
