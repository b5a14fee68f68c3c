import { type DataSource, type Repository } from 'typeorm';
import { PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { EntityRowReader } from '@libs/persistence/entity-row.reader';

export class PreStatementRepository {
  private readonly preStatements: Repository<PreStatementEntity>;
  private readonly rows: EntityRowReader<PreStatementEntity>;

  constructor(dataSource: DataSource) {
    this.preStatements = dataSource.getRepository(PreStatementEntity);
    this.rows = new EntityRowReader(dataSource, PreStatementEntity);
  }

  /** Read by every generation and every `done` notification: written once, not TypeORM's find. */
  findForOrderVersion(orderid: string, version: number): Promise<PreStatementEntity | null> {
    return this.rows.one(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE orderid = $1 AND order_version = $2`,
      [orderid, version],
    );
  }

  /** The pre-statement of the most recent version that has one. */
  findLatestForOrder(orderid: string): Promise<PreStatementEntity | null> {
    return this.preStatements.findOne({ where: { orderid }, order: { orderVersion: 'DESC' } });
  }

  async insertIfAbsent(row: Omit<PreStatementEntity, 'id' | 'createdAt'>): Promise<void> {
    await this.preStatements.createQueryBuilder().insert().values(row).orIgnore().execute();
  }
}
