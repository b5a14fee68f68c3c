import { type DataSource, type EntityManager, type Repository } from 'typeorm';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';

export type NewStoredDocument = Omit<StoredDocumentEntity, 'id' | 'createdAt'>;

export class StoredDocumentRepository {
  private readonly documents: Repository<StoredDocumentEntity>;

  constructor(dataSource: DataSource) {
    this.documents = dataSource.getRepository(StoredDocumentEntity);
  }

  /**
   * Inserts the document unless this order version already has it (same source and reference) and
   * returns the stored row, new or existing. With `manager`, inside that transaction.
   */
  async insertIfAbsent(row: NewStoredDocument, manager?: EntityManager): Promise<StoredDocumentEntity> {
    const documents = manager ? manager.getRepository(StoredDocumentEntity) : this.documents;
    await documents.createQueryBuilder().insert().values(row).orIgnore().execute();
    return documents.findOneByOrFail({
      orderid: row.orderid,
      orderVersion: row.orderVersion,
      source: row.source,
      sourceRef: row.sourceRef,
    });
  }

  async existsForOrderVersion(
    orderid: string,
    version: number,
    source: StoredDocumentEntity['source'],
    sourceRef: string,
  ): Promise<boolean> {
    return (await this.documents.countBy({ orderid, orderVersion: version, source, sourceRef })) > 0;
  }

  listForOrderVersion(orderid: string, version: number): Promise<StoredDocumentEntity[]> {
    return this.documents.find({ where: { orderid, orderVersion: version }, order: { id: 'ASC' } });
  }

  findById(id: number): Promise<StoredDocumentEntity | null> {
    return this.documents.findOneBy({ id });
  }
}
