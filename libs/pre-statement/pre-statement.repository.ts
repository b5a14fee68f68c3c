import { type DataSource, type Repository } from 'typeorm';
import { PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';

export class PreStatementRepository {
  private readonly preStatements: Repository<PreStatementEntity>;

  constructor(dataSource: DataSource) {
    this.preStatements = dataSource.getRepository(PreStatementEntity);
  }

  findForOrderVersion(orderid: string, version: number): Promise<PreStatementEntity | null> {
    return this.preStatements.findOneBy({ orderid, orderVersion: version });
  }

  /** The pre-statement of the most recent version that has one. */
  findLatestForOrder(orderid: string): Promise<PreStatementEntity | null> {
    return this.preStatements.findOne({ where: { orderid }, order: { orderVersion: 'DESC' } });
  }

  async insertIfAbsent(row: Omit<PreStatementEntity, 'id' | 'createdAt'>): Promise<void> {
    await this.preStatements.createQueryBuilder().insert().values(row).orIgnore().execute();
  }
}
