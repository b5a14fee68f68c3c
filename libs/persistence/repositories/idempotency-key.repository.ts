import { type DataSource, type Repository } from 'typeorm';
import { IdempotencyKeyEntity } from '../entities/idempotency-key.entity';

export type IdempotencyReservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' };

export const IDEMPOTENCY_WINDOW_HOURS = 24;

export class IdempotencyKeyRepository {
  private readonly keys: Repository<IdempotencyKeyEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.keys = dataSource.getRepository(IdempotencyKeyEntity);
  }

  /** Claims the key for this request, or tells what the first request with this key became. */
  async reserve(accountId: string, key: string, requestHash: string): Promise<IdempotencyReservation> {
    // Keys older than the window are forgotten, so the same key may be used again afterwards.
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2
         AND created_at < now() - make_interval(hours => $3)`,
      [accountId, key, IDEMPOTENCY_WINDOW_HOURS],
    );
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING key`,
      [accountId, key, requestHash],
    );
    if (inserted.length > 0) return { kind: 'reserved' };
    const existing = await this.keys.findOneBy({ accountId, key });
    if (!existing) return this.reserve(accountId, key, requestHash);
    if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
    if (existing.responseStatus === null) return { kind: 'in-progress' };
    return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
  }

  async complete(accountId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.keys.update({ accountId, key }, { responseStatus: status, responseBody: body as object });
  }

  /** Forgets a reservation whose request failed, so the client can retry with the same key. */
  async release(accountId: string, key: string): Promise<void> {
    await this.keys.delete({ accountId, key });
  }
}
