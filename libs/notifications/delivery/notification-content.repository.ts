import { type DataSource, type Repository } from 'typeorm';
import { PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';

/** What a `done` notification carries of an order version: its pre-statement and its documents. */
export class NotificationContentRepository {
  private readonly preStatements: Repository<PreStatementEntity>;
  private readonly documents: Repository<StoredDocumentEntity>;

  constructor(dataSource: DataSource) {
    this.preStatements = dataSource.getRepository(PreStatementEntity);
    this.documents = dataSource.getRepository(StoredDocumentEntity);
  }

  findPreStatement(orderid: string, orderVersion: number): Promise<PreStatementEntity | null> {
    return this.preStatements.findOneBy({ orderid, orderVersion });
  }

  /** The documents collected for that version, by type then in arrival order, and its dossier (type 10). */
  listDocuments(orderid: string, orderVersion: number): Promise<StoredDocumentEntity[]> {
    return this.documents.find({
      where: { orderid, orderVersion, pending: false },
      order: { doctype: 'ASC', id: 'ASC' },
    });
  }
}
