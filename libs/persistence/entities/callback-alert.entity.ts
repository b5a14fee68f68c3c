import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An alert sent to an account about one of its callback endpoints failing; cleared by a success. */
@Entity({ name: 'callback_alerts' })
export class CallbackAlertEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** The endpoint as shown to the client: scheme, host, port and path (no credentials, no query). */
  @PrimaryColumn({ type: 'varchar', length: 2048 })
  endpoint!: string;

  @Column({ name: 'alerted_at', type: 'timestamptz' })
  alertedAt!: Date;
}
