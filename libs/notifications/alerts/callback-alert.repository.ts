import { type DataSource, type Repository } from 'typeorm';
import { CallbackAlertEntity } from '@libs/persistence/entities/callback-alert.entity';

/** The `callback_alerts` table: which failing endpoints their account was already told about. */
export class CallbackAlertRepository {
  private readonly alerts: Repository<CallbackAlertEntity>;

  constructor(dataSource: DataSource) {
    this.alerts = dataSource.getRepository(CallbackAlertEntity);
  }

  /**
   * Records an alert about to be sent; false when one already stands for that endpoint, so concurrent
   * deliveries failing together send one email.
   */
  async claim(accountId: string, endpoint: string, at: Date): Promise<boolean> {
    const inserted: unknown[] = await this.alerts.query(
      `INSERT INTO callback_alerts (account_id, endpoint, alerted_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING account_id`,
      [accountId, endpoint, at],
    );
    return inserted.length > 0;
  }

  /**
   * The endpoint works again (or the alert could not be sent): a later failure alerts anew. Plain SQL:
   * it runs after every successful delivery.
   */
  async clear(accountId: string, endpoint: string): Promise<void> {
    await this.alerts.query(`DELETE FROM callback_alerts WHERE account_id = $1 AND endpoint = $2`, [
      accountId,
      endpoint,
    ]);
  }

  findAlert(accountId: string, endpoint: string): Promise<CallbackAlertEntity | null> {
    return this.alerts.findOneBy({ accountId, endpoint });
  }
}
