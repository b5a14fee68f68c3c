import { type DataSource } from 'typeorm';
import { type PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { EntityRowReader } from '@libs/persistence/entity-row.reader';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';

/**
 * What a `done` notification carries of an order version: its pre-statement and its documents. Read
 * for every `done` delivery: written once as SQL, not TypeORM's find (libs/persistence/entity-row.reader.ts).
 */
export class NotificationContentRepository {
  private readonly preStatements: PreStatementRepository;
  private readonly documents: EntityRowReader<StoredDocumentEntity>;

  constructor(dataSource: DataSource) {
    this.preStatements = new PreStatementRepository(dataSource);
    this.documents = new EntityRowReader(dataSource, StoredDocumentEntity);
  }

  findPreStatement(orderid: string, orderVersion: number): Promise<PreStatementEntity | null> {
    return this.preStatements.findForOrderVersion(orderid, orderVersion);
  }

  /** The documents collected for that version, by type then in arrival order, and its dossier (type 10). */
  listDocuments(orderid: string, orderVersion: number): Promise<StoredDocumentEntity[]> {
    const { columns, table } = this.documents;
    return this.documents.many(
      `SELECT ${columns} FROM ${table}
        WHERE orderid = $1 AND order_version = $2 AND NOT pending
        ORDER BY doctype, id`,
      [orderid, orderVersion],
    );
  }
}
