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

  async setWebhookSecret(id: string, webhookSecretSealed: string): Promise<void> {
    await this.accounts.update({ id }, { webhookSecretSealed });
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.accounts.update({ id }, { passwordHash });
  }
}
