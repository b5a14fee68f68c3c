import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** Non-secret start of the key, shown to operators to tell keys apart. */
  @Column({ type: 'varchar', length: 32 })
  prefix!: string;

  /** SHA-256 of the whole key: keys are high-entropy, so a fast hash is safe and allows lookup. */
  @Column({ name: 'key_hash', type: 'char', length: 64, unique: true })
  keyHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
