import { createHmac } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { DerivedKeyRing } from '@libs/security/derived-key-ring';
import { type SecretBoxOptions } from '@libs/security/secret-box';
import { type LockoutState } from './login-lockout';

// Derived from the ENCRYPTION_KEY entries, for this purpose only. A rotation starts unknown emails'
// counts afresh, which tells nothing: every unknown email's at once.
const KEY_INFO = 'pre-statement-service/unknown-email-lockout/v1';

/** How long the count of an unknown email that did not lock is kept after its last attempt. */
export const UNKNOWN_EMAIL_COUNT_RETENTION_MS = 30 * 24 * 3_600_000;

/** Stale rows deleted by each attempt at most: the table stays bounded by the attempts of a month. */
const PURGE_BATCH = 100;

/**
 * The lockout counts of emails no operator has, in PostgreSQL so that every API process answers alike
 * (docs: README, the console's login), keyed by a keyed digest of the email: the table never holds what
 * people typed.
 */
export class UnknownEmailLockoutRepository {
  readonly #keys: DerivedKeyRing;

  constructor(options: SecretBoxOptions) {
    this.#keys = new DerivedKeyRing(options, KEY_INFO);
  }

  /** The email's state, its row locked until `tx` ends (parallel attempts are counted one by one). */
  async lock(tx: EntityManager, email: string): Promise<LockoutState> {
    const digest = this.#digest(email);
    await tx.query(
      `INSERT INTO unknown_email_lockouts (email_digest, failed_logins, locked_until, expires_at)
       VALUES ($1, 0, NULL, now()) ON CONFLICT (email_digest) DO NOTHING`,
      [digest],
    );
    const [row] = (await tx.query(
      `SELECT failed_logins, locked_until FROM unknown_email_lockouts WHERE email_digest = $1 FOR UPDATE`,
      [digest],
    )) as { failed_logins: number; locked_until: Date | null }[];
    return { failedLogins: row!.failed_logins, lockedUntil: row!.locked_until };
  }

  /**
   * Records the email's state as of `now`, and deletes a batch of rows that no longer change any
   * answer: a lock run out starts a fresh count, as a missing row does, and a count is kept a month.
   */
  async save(tx: EntityManager, email: string, state: LockoutState, now: Date): Promise<void> {
    const expiresAt = state.lockedUntil ?? new Date(now.getTime() + UNKNOWN_EMAIL_COUNT_RETENTION_MS);
    await tx.query(
      `UPDATE unknown_email_lockouts SET failed_logins = $2, locked_until = $3, expires_at = $4
        WHERE email_digest = $1`,
      [this.#digest(email), state.failedLogins, state.lockedUntil, expiresAt],
    );
    // Rows other attempts hold are theirs to update: skipped, never waited for.
    await tx.query(
      `DELETE FROM unknown_email_lockouts WHERE email_digest IN (
         SELECT email_digest FROM unknown_email_lockouts WHERE expires_at <= $1
          ORDER BY expires_at LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED)`,
      [now],
    );
  }

  #digest(email: string): Buffer {
    return createHmac('sha256', this.#keys.active).update(email).digest();
  }
}
