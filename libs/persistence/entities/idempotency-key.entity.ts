import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * First answer given to an `Idempotency-Key`, replayed for 24 h. Written in the transaction that
 * creates the order, so a key exists only with its committed order and answer.
 */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** HMAC-SHA-256 (hex) of the canonical request body, under the key `fingerprintKeyId` names. */
  @Column({ name: 'request_fingerprint', type: 'char', length: 64 })
  requestFingerprint!: string;

  /** The `ENCRYPTION_KEY` entry the fingerprint's key is derived from. */
  @Column({ name: 'fingerprint_key_id', type: 'varchar', length: 32 })
  fingerprintKeyId!: string;

  @Column({ name: 'response_status', type: 'int' })
  responseStatus!: number;

  /** `json`, not `jsonb`: the replayed answer keeps the first one's key order. */
  @Column({ name: 'response_body', type: 'json' })
  responseBody!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
