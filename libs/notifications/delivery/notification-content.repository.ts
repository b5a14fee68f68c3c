import { type DataSource } from 'typeorm';
import { type PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';

/** What a `done` notification carries of an order version: its pre-statement and its documents. */
export class NotificationContentRepository {
  private readonly preStatements: PreStatementRepository;
  private readonly documents: StoredDocumentRepository;

  constructor(dataSource: DataSource) {
    this.preStatements = new PreStatementRepository(dataSource);
    this.documents = new StoredDocumentRepository(dataSource);
  }

  findPreStatement(orderid: string, orderVersion: number): Promise<PreStatementEntity | null> {
    return this.preStatements.findForOrderVersion(orderid, orderVersion);
  }

  /** The documents collected for that version, by type then in arrival order, and its dossier (type 10). */
  listDocuments(orderid: string, orderVersion: number): Promise<StoredDocumentEntity[]> {
    return this.documents.listWithDossierForOrderVersion(orderid, orderVersion);
  }
}
