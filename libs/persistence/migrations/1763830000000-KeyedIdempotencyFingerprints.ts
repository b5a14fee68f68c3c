import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Idempotency keys get a keyed fingerprint of the request body (HMAC under a key derived from
 * ENCRYPTION_KEY, whose id is stored beside it) instead of a plain SHA-256, which a database dump let
 * anyone test guesses of the syndic password against. The existing rows cannot be converted (the
 * bodies are not stored) and are deleted: each protected retries of one creation for at most 24 h.
 * Rows are now written in the order's transaction with its answer, so none is ever "in progress":
 * the answer columns become NOT NULL. The answer is kept as `json`, which preserves the text and so
 * the alphabetical key order of the first answer (jsonb reorders keys).
 */
export class KeyedIdempotencyFingerprints1763830000000 implements MigrationInterface {
  name = 'KeyedIdempotencyFingerprints1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys`);
    await q.query(`ALTER TABLE idempotency_keys RENAME COLUMN request_hash TO request_fingerprint`);
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN fingerprint_key_id varchar(32) NOT NULL`);
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_status SET NOT NULL`);
    await q.query(
      `ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE json USING response_body::json,
                                    ALTER COLUMN response_body SET NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys`);
    await q.query(
      `ALTER TABLE idempotency_keys ALTER COLUMN response_body DROP NOT NULL,
                                    ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`,
    );
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_status DROP NOT NULL`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN fingerprint_key_id`);
    await q.query(`ALTER TABLE idempotency_keys RENAME COLUMN request_fingerprint TO request_hash`);
  }
}
