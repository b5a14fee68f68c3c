import { type DataSource, type EntityManager } from 'typeorm';
import { type RequestFingerprint } from '@libs/security/request-fingerprinter';

/** What the first request with a key came to. */
export interface IdempotentAnswer {
  fingerprint: RequestFingerprint;
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_WINDOW_HOURS = 24;

export class IdempotencyKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The answer recorded for the key within the window; keys older than it are forgotten. */
  async findAnswer(accountId: string, key: string): Promise<IdempotentAnswer | null> {
    const rows: {
      request_fingerprint: string;
      fingerprint_key_id: string;
      response_status: number;
      response_body: unknown;
    }[] = await this.dataSource.query(
      `SELECT request_fingerprint, fingerprint_key_id, response_status, response_body FROM idempotency_keys
        WHERE account_id = $1 AND key = $2 AND created_at >= now() - make_interval(hours => $3)`,
      [accountId, key, IDEMPOTENCY_WINDOW_HOURS],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      fingerprint: { keyId: row.fingerprint_key_id, digest: row.request_fingerprint },
      status: row.response_status,
      body: row.response_body,
    };
  }

  /**
   * Records the key with its answer in `manager`'s transaction, the one that creates the order: the key
   * then exists only with its committed order, and a crash leaves neither. Returns false when the key
   * is taken within the window: a concurrent request with it committed first (PostgreSQL makes this
   * insert wait for that transaction to end), and the caller rolls back. A key older than the window is
   * taken over.
   */
  async record(
    manager: EntityManager,
    accountId: string,
    key: string,
    answer: IdempotentAnswer,
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO idempotency_keys
         (account_id, key, request_fingerprint, fingerprint_key_id, response_status, response_body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::json, now())
       ON CONFLICT (account_id, key) DO UPDATE SET
         request_fingerprint = EXCLUDED.request_fingerprint, fingerprint_key_id = EXCLUDED.fingerprint_key_id,
         response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body,
         created_at = EXCLUDED.created_at
       WHERE idempotency_keys.created_at < now() - make_interval(hours => $7)
       RETURNING key`,
      [
        accountId,
        key,
        answer.fingerprint.digest,
        answer.fingerprint.keyId,
        answer.status,
        JSON.stringify(answer.body),
        IDEMPOTENCY_WINDOW_HOURS,
      ],
    );
    return inserted.length > 0;
  }
}
