import { type OperatorIdentity } from './operator-identity';
import { type OperatorEntity } from '@libs/persistence/entities/operator.entity';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { DomainError } from '@libs/platform/domain-error';
import { type PasswordHasher } from '@libs/security/password-hasher';
import { type SecretBox } from '@libs/security/secret-box';
import { type Admission, type LockoutPolicy, admitLoginAttempt } from './login-lockout';
import { type OperatorRepository } from './operator.repository';
import { type OperatorSessionService, type SessionOrigin } from './operator-session.service';
import { type UnknownEmailLockoutRepository } from './unknown-email-lockout.repository';
import { operatorTotpAad } from './operator-totp-aad';
import { acceptTotpCode } from './totp';

export interface OperatorCredentials extends SessionOrigin {
  email: string;
  password: string;
  /** The six digits of the authenticator app, spaces allowed. */
  totpCode: string;
}

export interface OperatorLogin {
  /** The session cookie's value. */
  sessionToken: string;
  csrfToken: string;
  operator: OperatorIdentity;
}

/**
 * The console's login: email, password and the code of the operator's authenticator app.
 *
 * Every refusal of the credentials is the same `operator_login_failed`, in text and in time: unknown
 * email (a decoy password verification), wrong password, wrong or replayed code, disabled operator.
 * Attempts are counted per email whatever their outcome until one succeeds, and the one reaching
 * `loginFailuresBeforeLockout` locks the email for `lockoutMs` (`operator_locked`), during which every
 * attempt is refused, correct ones included. Unknown emails lock the same way, counted in PostgreSQL as
 * operators' are, so the lock tells nothing about which emails exist, whichever process answers.
 */
export class OperatorAuthenticationService {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly unknownEmails: UnknownEmailLockoutRepository,
    private readonly transactions: TransactionRunner,
    private readonly passwords: PasswordHasher,
    private readonly secretBox: SecretBox,
    private readonly sessions: OperatorSessionService,
    private readonly policy: LockoutPolicy,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async login(credentials: OperatorCredentials): Promise<OperatorLogin> {
    const email = credentials.email.trim().toLowerCase();
    const now = this.clock();
    const { operator, admission } = await this.beginAttempt(email, now);
    if (!admission.admitted) throw lockedError(admission.lockedUntil, now);
    const passwordOk = operator
      ? await this.passwords.verify(operator.passwordHash, credentials.password)
      : await this.passwords.dummyVerify(credentials.password);
    const totpStep =
      operator && passwordOk ? this.acceptableTotpStep(operator, credentials.totpCode, now) : null;
    if (!operator || !passwordOk || totpStep === null || operator.disabledAt !== null) {
      throw failure(admission, now);
    }
    // Conditional on the step: of two logins with one code at once, only one gets through.
    if (!(await this.operators.recordLogin(operator.id, totpStep, now))) throw failure(admission, now);
    if (this.passwords.needsRehash(operator.passwordHash)) {
      await this.operators.setPasswordHash(operator.id, await this.passwords.hash(credentials.password));
    }
    const session = await this.sessions.open(operator.id, {
      ip: credentials.ip,
      userAgent: credentials.userAgent,
    });
    return { ...session, operator: { id: operator.id, email: operator.email, role: operator.role } };
  }

  /** Counts the attempt before any credential is checked; the operator is null for an unknown email. */
  private beginAttempt(
    email: string,
    now: Date,
  ): Promise<{ operator: OperatorEntity | null; admission: Admission }> {
    return this.transactions.transaction(async (tx) => {
      const operator = await this.operators.findByEmailLocked(tx, email);
      if (!operator) {
        const admission = admitLoginAttempt(await this.unknownEmails.lock(tx, email), now, this.policy);
        if (admission.admitted) await this.unknownEmails.save(tx, email, admission.next, now);
        return { operator: null, admission };
      }
      const admission = admitLoginAttempt(operator, now, this.policy);
      if (admission.admitted) await this.operators.saveLockoutState(tx, operator.id, admission.next);
      return { operator, admission };
    });
  }

  /** The time step of the code when it is right and was not used yet (nor a later one), else null. */
  private acceptableTotpStep(operator: OperatorEntity, code: string, now: Date): number | null {
    const secret = this.secretBox.open(operator.totpSecretSealed, operatorTotpAad(operator.id));
    return acceptTotpCode(secret, code, now, operator.lastTotpStep);
  }
}

/** The refusal of admitted credentials: the lock when this attempt reached the threshold. */
function failure(admission: Extract<Admission, { admitted: true }>, now: Date): DomainError {
  const lockedUntil = admission.next.lockedUntil;
  return lockedUntil === null ? new DomainError('operator_login_failed') : lockedError(lockedUntil, now);
}

function lockedError(lockedUntil: Date, now: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new DomainError('operator_locked', { minutes });
}
