import { IsNull, type DataSource, type Repository } from 'typeorm';
import { ApiKeyEntity } from '../entities/api-key.entity';

export class ApiKeyRepository {
  private readonly keys: Repository<ApiKeyEntity>;

  constructor(dataSource: DataSource) {
    this.keys = dataSource.getRepository(ApiKeyEntity);
  }

  findActiveByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  async isActive(id: string): Promise<boolean> {
    return (await this.keys.countBy({ id, revokedAt: IsNull() })) > 0;
  }

  create(accountId: string, prefix: string, keyHash: string): Promise<ApiKeyEntity> {
    return this.keys.save(this.keys.create({ accountId, prefix, keyHash, revokedAt: null }));
  }

  listByAccount(accountId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({ where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** Revokes the account's key whose prefix or id is given; false when none matched. */
  async revoke(accountId: string, prefixOrId: string): Promise<boolean> {
    const key = (await this.listByAccount(accountId)).find(
      (k) => k.prefix === prefixOrId || k.id === prefixOrId,
    );
    if (!key || key.revokedAt) return false;
    await this.keys.update({ id: key.id }, { revokedAt: new Date() });
    return true;
  }
}
