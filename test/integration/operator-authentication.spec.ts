import { createHash, randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type CreatedOperator } from '@libs/operators/operator-administration.service';
import { operatorTotpAad } from '@libs/operators/operator-totp-aad';
import { totpCodeAt, totpStepAt } from '@libs/operators/totp';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { DomainError } from '@libs/platform/domain-error';
import { errorMessage } from '@libs/platform/messages.fr';
import { SealedSecretRepository } from '@libs/security/key-rotation/sealed-secret.repository';
import { PasswordHasher } from '@libs/security/password-hasher';
import { type OperatorServices, buildOperatorServices } from '../support/operator-services';

const MINUTE = 60_000;
const LOCKOUT = { loginFailuresBeforeLockout: 3, lockoutMs: 15 * MINUTE };
const SESSIONS = { sessionIdleTimeoutMs: 30 * MINUTE, sessionMaxAgeMs: 12 * 60 * MINUTE };
const newEmail = () => `operateur-${randomUUID().slice(0, 8)}@prestataire.fr`;

/** The refusal `promise` ends with: a DomainError's code and French text. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, details } = error as DomainError;
  return { code, message: errorMessage(code, details) };
}

const LOGIN_FAILED = {
  code: 'operator_login_failed',
  message: 'Adresse e-mail, mot de passe ou code de vérification incorrect',
};
const locked = (minutes: number) => ({
  code: 'operator_locked',
  message:
    'Trop de tentatives de connexion infructueuses : le compte est verrouillé, réessayez dans ' +
    `${minutes} minute${minutes > 1 ? 's' : ''}`,
});

describe('operator authentication (console login and sessions, real PostgreSQL)', () => {
  let dataSource: DataSource;
  let now: Date;
  let services: OperatorServices;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
  });
  afterAll(() => dataSource.destroy());

  const servicesWith = (lockout = LOCKOUT) =>
    buildOperatorServices(dataSource, { clock: () => now, console: { ...lockout, ...SESSIONS } });

  beforeEach(() => {
    now = new Date('2026-03-02T09:00:10Z');
    services = servicesWith();
  });

  const create = (role: 'viewer' | 'operator' | 'admin' = 'operator', email = newEmail()) =>
    services.administration.create({ email, role });
  const code = (operator: CreatedOperator, at = now) => totpCodeAt(operator.totp_secret, at);
  const login = (operator: CreatedOperator, changes: { password?: string; totpCode?: string } = {}) =>
    services.authentication.login({
      email: operator.email,
      password: operator.password,
      totpCode: code(operator),
      ...changes,
    });
  const row = async (id: string) =>
    (
      await dataSource.query(
        `SELECT failed_logins, locked_until, last_totp_step, last_login_at, disabled_at, password_hash,
                totp_secret_sealed, row_to_json(o)::text AS json
           FROM operators o WHERE id = $1`,
        [id],
      )
    )[0];
  const sessionCount = async (operatorId: string) =>
    (
      await dataSource.query(`SELECT count(*)::int AS n FROM operator_sessions WHERE operator_id = $1`, [
        operatorId,
      ])
    )[0].n as number;

  describe('login', () => {
    it('opens a session for the right email, password and code', async () => {
      const operator = await create('viewer');
      const result = await services.authentication.login({
        email: operator.email,
        password: operator.password,
        totpCode: code(operator),
        ip: '192.0.2.10',
        userAgent: 'Mozilla/5.0 (test)',
      });
      expect(result).toEqual({
        sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        operator: { id: operator.id, email: operator.email, role: 'viewer' },
      });
      expect(await services.sessions.resolve(result.sessionToken)).toEqual({
        operator: result.operator,
        csrfToken: result.csrfToken,
        sessionId: createHash('sha256').update(result.sessionToken).digest('hex'),
      });
      const stored = await row(operator.id);
      expect(stored).toMatchObject({ failed_logins: 0, locked_until: null, last_login_at: now });
      expect(Number(stored.last_totp_step)).toBe(totpStepAt(now));
      const [session] = await dataSource.query(`SELECT * FROM operator_sessions WHERE operator_id = $1`, [
        operator.id,
      ]);
      expect(session).toEqual({
        id: createHash('sha256').update(result.sessionToken).digest('hex'),
        operator_id: operator.id,
        created_at: now,
        last_seen_at: now,
        ip: '192.0.2.10',
        user_agent: 'Mozilla/5.0 (test)',
      });
      expect(JSON.stringify(session)).not.toContain(result.sessionToken);
    });

    it('takes the email in any case and the code with a space, as the app shows it', async () => {
      const operator = await create();
      const digits = code(operator);
      const result = await login(
        { ...operator, email: ` ${operator.email.toUpperCase()} ` },
        { totpCode: `${digits.slice(0, 3)} ${digits.slice(3)}` },
      );
      expect(result.operator.email).toBe(operator.email);
    });

    it('refuses a wrong password and a wrong code alike', async () => {
      services = servicesWith({ ...LOCKOUT, loginFailuresBeforeLockout: 10 });
      const operator = await create();
      const wrongCode = code(operator) === '000000' ? '111111' : '000000';
      expect(await refusal(login(operator, { password: `${operator.password}x` }))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(operator, { totpCode: wrongCode }))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(operator, { totpCode: '' }))).toEqual(LOGIN_FAILED);
      // A code of another operator's secret, and one of two steps ago.
      const other = await create();
      expect(await refusal(login(operator, { totpCode: code(other) }))).toEqual(LOGIN_FAILED);
      const stale = code(operator, new Date(now.getTime() - 60_000));
      expect(await refusal(login(operator, { totpCode: stale }))).toEqual(LOGIN_FAILED);
      expect(await sessionCount(operator.id)).toBe(0);
      expect((await row(operator.id)).failed_logins).toBe(5);
    });

    it('spends one password verification on an unknown email, as on a known one', async () => {
      const verify = jest.spyOn(services.security.passwords, 'verify');
      const dummy = jest.spyOn(services.security.passwords, 'dummyVerify');
      const operator = await create();
      expect(await refusal(login({ ...operator, email: newEmail() }, { totpCode: code(operator) }))).toEqual(
        LOGIN_FAILED,
      );
      expect([verify.mock.calls.length, dummy.mock.calls.length]).toEqual([0, 1]);
      expect(await refusal(login(operator, { password: 'not-the-password' }))).toEqual(LOGIN_FAILED);
      expect([verify.mock.calls.length, dummy.mock.calls.length]).toEqual([1, 1]);
    });

    it('refuses the code of a successful login when used again, even from the next step', async () => {
      const operator = await create();
      const used = code(operator);
      await login(operator, { totpCode: used });
      expect(await refusal(login(operator, { totpCode: used }))).toEqual(LOGIN_FAILED);
      later(30_000);
      expect(await refusal(login(operator, { totpCode: used }))).toEqual(LOGIN_FAILED);
      // The code of the new step is good.
      await expect(login(operator)).resolves.toMatchObject({ operator: { id: operator.id } });
    });

    it('lets only one of two logins sent at once with the same code through', async () => {
      const operator = await create();
      const totpCode = code(operator);
      const results = await Promise.allSettled([
        login(operator, { totpCode }),
        login(operator, { totpCode }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await sessionCount(operator.id)).toBe(1);
    });

    it('rehashes a password hashed with other parameters at the next login', async () => {
      const operator = await create();
      const older = await new PasswordHasher({ memoryCost: 8192 }).hash(operator.password);
      await dataSource.query(`UPDATE operators SET password_hash = $2 WHERE id = $1`, [operator.id, older]);
      await login(operator);
      const rehashed = (await row(operator.id)).password_hash as string;
      expect(rehashed).not.toBe(older);
      expect(services.security.passwords.needsRehash(rehashed)).toBe(false);
      later(30_000);
      await expect(login(operator)).resolves.toBeDefined();
    });
  });

  describe('lockout', () => {
    it('locks the operator at the third consecutive failure, even against the right credentials', async () => {
      const operator = await create();
      const wrong = { password: 'wrong-password-123' };
      expect(await refusal(login(operator, wrong))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(operator, wrong))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(operator, wrong))).toEqual(locked(15));
      expect(await row(operator.id)).toMatchObject({
        failed_logins: 3,
        locked_until: new Date(now.getTime() + 15 * MINUTE),
      });
      later(5 * MINUTE);
      expect(await refusal(login(operator))).toEqual(locked(10));
      later(10 * MINUTE - 1000);
      expect(await refusal(login(operator))).toEqual(locked(1));
      // Attempts while locked are not counted.
      expect((await row(operator.id)).failed_logins).toBe(3);
    });

    it('ends with its duration: the right credentials then log in and the count starts afresh', async () => {
      const operator = await create();
      for (let i = 0; i < 3; i++) await refusal(login(operator, { password: 'wrong-password-123' }));
      later(15 * MINUTE);
      await expect(login(operator)).resolves.toMatchObject({ operator: { id: operator.id } });
      expect(await row(operator.id)).toMatchObject({ failed_logins: 0, locked_until: null });
    });

    it('counts consecutive failures only: a success resets the count', async () => {
      const operator = await create();
      const wrong = { password: 'wrong-password-123' };
      await refusal(login(operator, wrong));
      await refusal(login(operator, wrong));
      await login(operator);
      expect((await row(operator.id)).failed_logins).toBe(0);
      later(30_000);
      expect(await refusal(login(operator, wrong))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(operator, wrong))).toEqual(LOGIN_FAILED);
      await expect(login(operator)).resolves.toBeDefined();
    });

    it('locks an unknown email after as many failures, so the lock reveals no account', async () => {
      const ghost = { ...(await create()), email: newEmail() };
      expect(await refusal(login(ghost))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(ghost))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(ghost))).toEqual(locked(15));
      expect(await refusal(login(ghost))).toEqual(locked(15));
    });

    it('keeps an unknown email’s lock whichever console process answers, as an account’s', async () => {
      const ghost = { ...(await create()), email: newEmail() };
      for (let i = 0; i < 2; i++) expect(await refusal(login(ghost))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(ghost))).toEqual(locked(15));
      // Another API process: its own services over the same database. Counted in one process's memory,
      // the email was new there, and the answer told it from an account's.
      services = servicesWith();
      expect(await refusal(login(ghost))).toEqual(locked(15));
      // Hundreds of other unknown emails tried meanwhile evict nothing.
      for (let i = 0; i < 200; i++) {
        await services.authentication
          .login({ email: newEmail(), password: 'x', totpCode: '000000' })
          .catch(() => null);
      }
      expect(await refusal(login(ghost))).toEqual(locked(15));
      // The lock runs out as an account's does, and the count starts afresh.
      later(15 * MINUTE);
      expect(await refusal(login(ghost))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(ghost))).toEqual(LOGIN_FAILED);
      expect(await refusal(login(ghost))).toEqual(locked(15));
    });

    it('stores no unknown email, and forgets the rows that no longer change an answer', async () => {
      const ghost = { ...(await create()), email: newEmail() };
      for (let i = 0; i < 3; i++) await refusal(login(ghost));
      const lockEnd = new Date(now.getTime() + 15 * MINUTE);
      const rowsLockedUntil = async (until: Date) =>
        (await dataSource.query(
          `SELECT row_to_json(l)::text AS json FROM unknown_email_lockouts l WHERE locked_until = $1`,
          [until],
        )) as { json: string }[];
      const [row] = await rowsLockedUntil(lockEnd);
      expect(row!.json).not.toContain(ghost.email.split('@')[0]);
      // Once the lock has run out, another unknown email's attempt deletes the row.
      later(16 * MINUTE);
      await refusal(login({ ...ghost, email: newEmail() }));
      expect(await rowsLockedUntil(lockEnd)).toEqual([]);
    });

    it('leaves a locked operator’s open sessions alone: failures anyone can send throw nobody out', async () => {
      services = servicesWith({ ...LOCKOUT, lockoutMs: 5 * MINUTE });
      const operator = await create();
      const { sessionToken } = await login(operator);
      for (let i = 0; i < 3; i++) await refusal(login(operator, { password: 'wrong-password-123' }));
      expect(await refusal(login(operator))).toEqual(locked(5));
      expect(await services.sessions.resolve(sessionToken)).toMatchObject({
        operator: { id: operator.id },
      });
      // Disabling is how a session ends for cause.
      await services.administration.disable(operator.email);
      expect(await services.sessions.resolve(sessionToken)).toBeNull();
    });
  });

  describe('disabled operators', () => {
    it('refuses the right credentials of a disabled operator with the generic failure', async () => {
      const operator = await create();
      await services.administration.disable(operator.email);
      expect(await refusal(login(operator))).toEqual(LOGIN_FAILED);
      await services.administration.enable(operator.email);
      await expect(login(operator)).resolves.toMatchObject({ operator: { id: operator.id } });
    });

    it('ends the sessions of an operator being disabled', async () => {
      const operator = await create();
      const first = await login(operator);
      later(30_000);
      const second = await login(operator);
      expect(await services.administration.disable(operator.email)).toEqual({
        email: operator.email,
        disabled_at: now.toISOString(),
        sessions_ended: 2,
      });
      expect(await services.sessions.resolve(first.sessionToken)).toBeNull();
      expect(await services.sessions.resolve(second.sessionToken)).toBeNull();
    });

    it('refuses a session whose operator is disabled, however the flag got set', async () => {
      const operator = await create();
      const { sessionToken } = await login(operator);
      await dataSource.query(`UPDATE operators SET disabled_at = now() WHERE id = $1`, [operator.id]);
      expect(await services.sessions.resolve(sessionToken)).toBeNull();
      expect(await sessionCount(operator.id)).toBe(0);
    });
  });

  describe('sessions', () => {
    it('expire after the idle timeout without use, and are deleted', async () => {
      const operator = await create();
      const { sessionToken } = await login(operator);
      later(29 * MINUTE);
      expect(await services.sessions.resolve(sessionToken)).not.toBeNull();
      later(29 * MINUTE);
      // Used 29 minutes ago: still alive, and its use was recorded.
      expect(await services.sessions.resolve(sessionToken)).not.toBeNull();
      later(30 * MINUTE);
      expect(await services.sessions.resolve(sessionToken)).toBeNull();
      expect(await sessionCount(operator.id)).toBe(0);
    });

    it('expire at their maximum age however active', async () => {
      const operator = await create();
      const { sessionToken } = await login(operator);
      for (let hours = 0; hours < 12; hours += 0.25) {
        expect(await services.sessions.resolve(sessionToken)).not.toBeNull();
        later(15 * MINUTE);
      }
      expect(await services.sessions.resolve(sessionToken)).toBeNull();
    });

    it('end at logout, and only the one logged out of', async () => {
      const operator = await create();
      const first = await login(operator);
      later(30_000);
      const second = await login(operator);
      await services.sessions.end(first.sessionToken);
      expect(await services.sessions.resolve(first.sessionToken)).toBeNull();
      expect(await services.sessions.resolve(second.sessionToken)).not.toBeNull();
    });

    it('check the CSRF token the login gave', async () => {
      const operator = await create();
      const { sessionToken, csrfToken } = await login(operator);
      const session = (await services.sessions.resolve(sessionToken))!;
      expect(services.sessions.verifyCsrf(session, csrfToken)).toBe(true);
      expect(services.sessions.verifyCsrf(session, sessionToken)).toBe(false);
    });
  });

  describe('at rest', () => {
    it('stores the password as an argon2id hash and the TOTP secret sealed to its operator', async () => {
      const operator = await create();
      const stored = await row(operator.id);
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(stored.totp_secret_sealed).toMatch(/^v1\./);
      for (const secret of [operator.password, operator.totp_secret])
        expect(stored.json).not.toContain(secret);
      const { secretBox } = services.security;
      expect(secretBox.open(stored.totp_secret_sealed, operatorTotpAad(operator.id))).toBe(
        operator.totp_secret,
      );
      const other = await create();
      expect(() => secretBox.open(stored.totp_secret_sealed, operatorTotpAad(other.id))).toThrow();
    });

    it('lists the sealed TOTP secrets for key rotation, with the associated data that opens them', async () => {
      const operator = await create();
      const rows = await new SealedSecretRepository(dataSource).findBatchAfter(
        'operator_totp_secret',
        null,
        100_000,
      );
      const mine = rows.find((r) => r.id === operator.id)!;
      expect(mine.aad).toBe(operatorTotpAad(operator.id));
      expect(services.security.secretBox.open(mine.sealed, mine.aad)).toBe(operator.totp_secret);
    });
  });
});
