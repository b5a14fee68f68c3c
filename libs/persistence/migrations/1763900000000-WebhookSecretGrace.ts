import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Rotating an account's webhook secret replaced it at once: every notification sent before the client
 * deployed the new secret failed its check, and was retried for days. The secret it replaces is kept
 * for a grace period (sealed like the current one), and notifications are signed with both meanwhile.
 */
export class WebhookSecretGrace1763900000000 implements MigrationInterface {
  name = 'WebhookSecretGrace1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE accounts
         ADD COLUMN previous_webhook_secret_sealed text NULL,
         ADD COLUMN previous_webhook_secret_until timestamptz NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE accounts
         DROP COLUMN previous_webhook_secret_sealed,
         DROP COLUMN previous_webhook_secret_until`,
    );
  }
}
