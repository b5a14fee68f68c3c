import { IsNull, type DataSource, type Repository } from 'typeorm';
import { isUuid } from '@libs/platform/uuid';
import { ApiKeyEntity } from '@libs/persistence/entities/api-key.entity';

export class ApiKeyRepository {
  private readonly keys: Repository<ApiKeyEntity>;

  constructor(dataSource: DataSource) {
    this.keys = dataSource.getRepository(ApiKeyEntity);
  }

  /** The active key with its account's email, in one query: this runs on every authenticated request. */
  async findActiveWithAccountByHash(
    keyHash: string,
  ): Promise<{ key: ApiKeyEntity; accountEmail: string } | null> {
    const rows: { id: string; account_id: string; prefix: string; created_at: Date; email: string }[] =
      await this.keys.query(
        `SELECT k.id, k.account_id, k.prefix, k.created_at, a.email
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
        [keyHash],
      );
    const row = rows[0];
    if (!row) return null;
    const key = this.keys.create({
      id: row.id,
      accountId: row.account_id,
      prefix: row.prefix,
      keyHash,
      createdAt: row.created_at,
      revokedAt: null,
    });
    return { key, accountEmail: row.email };
  }

  async isActive(id: string): Promise<boolean> {
    // A token's claim is only as well-formed as its signer made it: never let it reach a uuid column.
    if (!isUuid(id)) return false;
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
