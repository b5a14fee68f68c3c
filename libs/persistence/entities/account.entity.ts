import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Lower-cased; the account's identity. */
  @Column({ type: 'varchar', length: 320, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ name: 'callback_url', type: 'varchar', length: 2048, nullable: true })
  callbackUrl!: string | null;

  /** Standard Webhooks `whsec_` secret, sealed with the secret box (key id inside). */
  @Column({ name: 'webhook_secret_sealed', type: 'text' })
  webhookSecretSealed!: string;

  /**
   * The secret the last rotation replaced, sealed likewise, and until when notifications are still signed
   * with it too (both null once none is kept).
   */
  @Column({ name: 'previous_webhook_secret_sealed', type: 'text', nullable: true })
  previousWebhookSecretSealed!: string | null;

  @Column({ name: 'previous_webhook_secret_until', type: 'timestamptz', nullable: true })
  previousWebhookSecretUntil!: Date | null;

  @Column({ name: 'share_documents', type: 'boolean', default: false })
  shareDocuments!: boolean;

  @Column({ name: 'share_registration_id', type: 'boolean', default: false })
  shareRegistrationId!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
