import { type DataSource, type Repository } from 'typeorm';
import { AccountEntity } from '@libs/persistence/entities/account.entity';

export interface NewAccount {
  email: string;
  passwordHash: string;
  callbackUrl: string | null;
  webhookSecretSealed: string;
  shareDocuments: boolean;
  shareRegistrationId: boolean;
}

export class AccountRepository {
  private readonly accounts: Repository<AccountEntity>;

  constructor(dataSource: DataSource) {
    this.accounts = dataSource.getRepository(AccountEntity);
  }

  findByEmail(email: string): Promise<AccountEntity | null> {
    return this.accounts.findOneBy({ email: email.toLowerCase() });
  }

  findById(id: string): Promise<AccountEntity | null> {
    return this.accounts.findOneBy({ id });
  }

  async create(account: NewAccount): Promise<AccountEntity> {
    return this.accounts.save(this.accounts.create({ ...account, email: account.email.toLowerCase() }));
  }

  async setCallbackUrl(id: string, callbackUrl: string | null): Promise<void> {
    await this.accounts.update({ id }, { callbackUrl });
  }

  /**
   * Replaces the webhook secret. With `previousUntil`, the one replaced is kept (in the same statement,
   * so a concurrent rotation cannot lose it) and still signs notifications until then; without, it is
   * dropped at once, as is any kept from an earlier rotation.
   */
  async setWebhookSecret(id: string, webhookSecretSealed: string, previousUntil: Date | null): Promise<void> {
    await this.accounts.manager.query(
      `UPDATE accounts
          SET previous_webhook_secret_sealed = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE webhook_secret_sealed END,
              previous_webhook_secret_until = $3::timestamptz,
              webhook_secret_sealed = $2,
              updated_at = now()
        WHERE id = $1`,
      [id, webhookSecretSealed, previousUntil],
    );
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.accounts.update({ id }, { passwordHash });
  }
}
