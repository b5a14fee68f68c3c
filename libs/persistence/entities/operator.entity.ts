import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { type OperatorRole } from '@libs/operators/operator-identity';

/** PostgreSQL returns bigint as text; TOTP time steps (about 5.9e7 today) are safe JS integers. */
const BIGINT_AS_NUMBER = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** The provider's staff who log into the console: not client accounts. */
@Entity({ name: 'operators' })
export class OperatorEntity {
  /** Chosen by the service before the insert: the sealed TOTP secret is bound to it. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Lower-cased; the operator's login. */
  @Column({ type: 'varchar', length: 320, unique: true })
  email!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: OperatorRole;

  /** argon2id PHC string. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  /** The TOTP secret (base32), sealed with the secret box under `operatorTotpAad(id)`. */
  @Column({ name: 'totp_secret_sealed', type: 'text' })
  totpSecretSealed!: string;

  /** The time step of the last code accepted: a code of this step or an earlier one is refused. */
  @Column({ name: 'last_totp_step', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  lastTotpStep!: number | null;

  /** Login attempts since the last success (the one in progress included), for the lockout. */
  @Column({ name: 'failed_logins', type: 'int', default: 0 })
  failedLogins!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;
}
