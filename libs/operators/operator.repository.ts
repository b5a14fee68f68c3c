import { type DataSource, type EntityManager, type Repository } from 'typeorm';
import { type OperatorRole } from './operator-identity';
import { OperatorEntity } from '@libs/persistence/entities/operator.entity';
import { type LockoutState } from './login-lockout';

export interface NewOperator {
  id: string;
  email: string;
  role: OperatorRole;
  passwordHash: string;
  totpSecretSealed: string;
}

export class OperatorRepository {
  private readonly operators: Repository<OperatorEntity>;

  constructor(dataSource: DataSource) {
    this.operators = dataSource.getRepository(OperatorEntity);
  }

  findByEmail(email: string): Promise<OperatorEntity | null> {
    return this.operators.findOneBy({ email: email.toLowerCase() });
  }

  /** The operator, locked until the end of `tx`: concurrent logins of one operator take turns. */
  findByEmailLocked(tx: EntityManager, email: string): Promise<OperatorEntity | null> {
    return tx.findOne(OperatorEntity, {
      where: { email: email.toLowerCase() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Every operator, by email. */
  listAll(): Promise<OperatorEntity[]> {
    return this.operators.find({ order: { email: 'ASC' } });
  }

  async create(operator: NewOperator): Promise<OperatorEntity> {
    return this.operators.save(
      this.operators.create({
        ...operator,
        email: operator.email.toLowerCase(),
        lastTotpStep: null,
        failedLogins: 0,
        lockedUntil: null,
        disabledAt: null,
        lastLoginAt: null,
      }),
    );
  }

  async saveLockoutState(tx: EntityManager, id: string, state: LockoutState): Promise<void> {
    await tx.update(OperatorEntity, { id }, state);
  }

  /**
   * Records a successful login whose code was of time step `totpStep`: the step becomes the last one
   * used, and the lockout count starts afresh. False, and nothing written, when a code of that step or
   * a later one was accepted meanwhile (the same code sent twice at once).
   */
  async recordLogin(id: string, totpStep: number, at: Date): Promise<boolean> {
    const [, affected] = (await this.operators.query(
      `UPDATE operators
          SET last_totp_step = $2, last_login_at = $3, failed_logins = 0, locked_until = NULL
        WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2)`,
      [id, totpStep, at],
    )) as [unknown, number];
    return affected === 1;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.operators.update({ id }, { passwordHash });
  }

  /** Marks the operator disabled as of `at`, unless it already is (the first date is kept). */
  async disable(tx: EntityManager, id: string, at: Date): Promise<void> {
    await tx.query(`UPDATE operators SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL`, [id, at]);
  }

  /** Lets the operator log in again: not disabled, and no lockout running. */
  async enable(id: string): Promise<void> {
    await this.operators.update({ id }, { disabledAt: null, failedLogins: 0, lockedUntil: null });
  }
}
