import { randomBytes, randomUUID } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole } from './operator-identity';
import { type OperatorEntity } from '@libs/persistence/entities/operator.entity';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { ServiceError } from '@libs/platform/domain-error';
import { type PasswordHasher } from '@libs/security/password-hasher';
import { type SecretBox } from '@libs/security/secret-box';
import { isLocked } from './login-lockout';
import { type OperatorRepository } from './operator.repository';
import { type OperatorSessionRepository } from './operator-session.repository';
import { operatorTotpAad } from './operator-totp-aad';
import { generateTotpSecret, totpUri } from './totp';

/** A command of the operator CLI refused (bad email or role, duplicate, unknown operator); says why. */
export class OperatorAdministrationError extends ServiceError {
  override readonly name = 'OperatorAdministrationError';
  readonly code = 'operator_administration_refused';
}

export interface NewOperatorRequest {
  email: string;
  /** Checked here: the CLI passes what was typed. */
  role: string;
  /** A strong random one is generated when absent. */
  password?: string | null;
}

/** What `create` answers: the password and the TOTP secret are shown this once, never again. */
export interface CreatedOperator {
  id: string;
  email: string;
  role: OperatorRole;
  password: string;
  totp_secret: string;
  /** The `otpauth://` URI to enrol an authenticator app with (as a QR code, or typed). */
  totp_uri: string;
}

export interface OperatorSummary {
  id: string;
  email: string;
  role: OperatorRole;
  created_at: string;
  last_login_at: string | null;
  disabled_at: string | null;
  /** Null unless a lockout is running. */
  locked_until: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 320;
// Operators read syndic credentials and act on orders; their TOTP is a second factor, not a reason
// to accept a short password.
const PASSWORD_MIN = 12;
/** 144 bits, base64url: 24 characters. */
const GENERATED_PASSWORD_BYTES = 18;

/** What the operator CLI does to the console's operators; no HTTP endpoint creates them. */
export class OperatorAdministrationService {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly sessions: OperatorSessionRepository,
    private readonly transactions: TransactionRunner,
    private readonly passwords: PasswordHasher,
    private readonly secretBox: SecretBox,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(request: NewOperatorRequest): Promise<CreatedOperator> {
    const email = request.email.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > EMAIL_MAX) {
      throw new OperatorAdministrationError(`invalid email: ${request.email}`);
    }
    const role = OPERATOR_ROLES.find((known) => known === request.role);
    if (role === undefined) {
      throw new OperatorAdministrationError(
        `invalid role: ${request.role} (expected ${OPERATOR_ROLES.join(', ')})`,
      );
    }
    const password = request.password ?? randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
    if (password.length < PASSWORD_MIN) {
      throw new OperatorAdministrationError(`password must be at least ${PASSWORD_MIN} characters`);
    }
    if (await this.operators.findByEmail(email)) {
      throw new OperatorAdministrationError(`operator already exists: ${email}`);
    }
    const id = randomUUID();
    const totpSecret = generateTotpSecret();
    await this.operators.create({
      id,
      email,
      role,
      passwordHash: await this.passwords.hash(password),
      totpSecretSealed: this.secretBox.seal(totpSecret, operatorTotpAad(id)),
    });
    return { id, email, role, password, totp_secret: totpSecret, totp_uri: totpUri(totpSecret, email) };
  }

  /** The operator can no longer log in, and every session of theirs ends now. */
  async disable(email: string): Promise<{ email: string; disabled_at: string; sessions_ended: number }> {
    const operator = await this.require(email);
    const now = this.clock();
    const sessionsEnded = await this.transactions.transaction(async (tx) => {
      await this.operators.disable(tx, operator.id, now);
      return this.sessions.deleteAllOf(tx, operator.id);
    });
    // An operator already disabled keeps the first date.
    const disabledAt = operator.disabledAt ?? now;
    return { email: operator.email, disabled_at: disabledAt.toISOString(), sessions_ended: sessionsEnded };
  }

  /** The operator can log in again; a running lockout is lifted too. */
  async enable(email: string): Promise<{ email: string; disabled_at: null }> {
    const operator = await this.require(email);
    await this.operators.enable(operator.id);
    return { email: operator.email, disabled_at: null };
  }

  /** Every operator, without any secret. */
  async list(): Promise<{ operators: OperatorSummary[] }> {
    const operators = await this.operators.listAll();
    const now = this.clock();
    return { operators: operators.map((operator) => summary(operator, now)) };
  }

  private async require(email: string): Promise<OperatorEntity> {
    const operator = await this.operators.findByEmail(email.trim());
    if (!operator) throw new OperatorAdministrationError(`no operator with email ${email}`);
    return operator;
  }
}

function summary(operator: OperatorEntity, now: Date): OperatorSummary {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    created_at: operator.createdAt.toISOString(),
    last_login_at: operator.lastLoginAt?.toISOString() ?? null,
    disabled_at: operator.disabledAt?.toISOString() ?? null,
    locked_until: isLocked(operator, now) ? operator.lockedUntil!.toISOString() : null,
  };
}
