import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { EntityRowReader } from '@libs/persistence/entity-row.reader';

export type NewStoredDocument = Omit<StoredDocumentEntity, 'id' | 'createdAt' | 'pending'> & {
  pending?: boolean;
};

export class StoredDocumentRepository {
  private readonly documents: Repository<StoredDocumentEntity>;
  private readonly rows: EntityRowReader<StoredDocumentEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.documents = dataSource.getRepository(StoredDocumentEntity);
    this.rows = new EntityRowReader(dataSource, StoredDocumentEntity);
  }

  /**
   * Inserts the document unless this order version already has it (same source and reference) and
   * returns the stored row, new or existing. With `manager`, inside that transaction.
   */
  async insertIfAbsent(row: NewStoredDocument, manager?: EntityManager): Promise<StoredDocumentEntity> {
    return (await this.insertOrFind(row, manager)).row;
  }

  /** `insertIfAbsent`, telling whether the row is new. */
  async insertOrFind(
    row: NewStoredDocument,
    manager?: EntityManager,
  ): Promise<{ row: StoredDocumentEntity; inserted: boolean }> {
    const documents = manager ? manager.getRepository(StoredDocumentEntity) : this.documents;
    const inserted = await documents.createQueryBuilder().insert().values(row).orIgnore().execute();
    // The insert returns the columns the database filled in (id, defaults); a conflict returns none,
    // and only then is the existing row read.
    const generated = inserted.generatedMaps[0];
    if (generated && generated.id !== undefined) {
      return { row: documents.create({ ...row, ...generated }), inserted: true };
    }
    const existing = await documents.findOneByOrFail({
      orderid: row.orderid,
      orderVersion: row.orderVersion,
      source: row.source,
      sourceRef: row.sourceRef,
    });
    return { row: existing, inserted: false };
  }

  /**
   * Holds the files' keys until the end of `tx` (transaction-level advisory locks, taken in one order
   * so that two holders never wait for each other): while one request writes a file and commits its row,
   * no other removes that file for want of a row.
   */
  async holdStorageKeys(tx: EntityManager, storageKeys: readonly string[]): Promise<void> {
    if (storageKeys.length === 0) return;
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n)`,
      [[...new Set(storageKeys)].sort()],
    );
  }

  /** Of `storageKeys`, the files some row of the order (any round) points to. */
  async heldStorageKeys(
    tx: EntityManager,
    orderid: string,
    storageKeys: readonly string[],
  ): Promise<Set<string>> {
    const rows = (await tx.query(
      `SELECT DISTINCT storage_key FROM documents WHERE orderid = $1 AND storage_key = ANY($2::text[])`,
      [orderid, [...storageKeys]],
    )) as { storage_key: string }[];
    return new Set(rows.map((row) => row.storage_key));
  }

  /**
   * The operator attachments of the order's rounds before `version` still pending: no workflow can
   * accept them any more (an action is recorded for the order's current round only).
   */
  async pendingBefore(orderid: string, version: number): Promise<StoredDocumentEntity[]> {
    return this.documents
      .createQueryBuilder('d')
      .where('d.orderid = :orderid AND d.orderVersion < :version AND d.pending', { orderid, version })
      .getMany();
  }

  /**
   * Up to `limit` operator attachments of any order, stored before `storedBefore` and still pending in a
   * round that can no longer accept them: a round a refresh replaced, a round done (the order done, its
   * refresh window open or over) or cancelled. The workflow refuses any action of such a round (the
   * rules of libs/fulfilment), and records its state in the database before it refuses, so none of these
   * can be accepted after this read.
   */
  async abandonedAttachments(storedBefore: Date, limit: number): Promise<StoredDocumentEntity[]> {
    return this.rows.many(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} d
        WHERE d.pending AND d.created_at < $1
          AND EXISTS (SELECT 1 FROM orders o WHERE o.orderid = d.orderid
                         AND (d.order_version < o.version OR o.state = 'done' OR o.cancelled_at IS NOT NULL))
        ORDER BY d.created_at, d.id
        LIMIT $2`,
      [storedBefore, limit],
    );
  }

  /** Deletes the rows of `rows` whose `pending` is still as given (one marked attached since stays). */
  async deleteAsWritten(
    tx: EntityManager,
    rows: readonly Pick<StoredDocumentEntity, 'id' | 'pending'>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.query(
      `DELETE FROM documents d USING unnest($1::int[], $2::boolean[]) AS w(id, pending)
        WHERE d.id = w.id AND d.pending = w.pending`,
      [rows.map((row) => row.id), rows.map((row) => row.pending)],
    );
  }

  /**
   * Inserts the rows in one statement; a row whose order version already has that document (same source
   * and reference), or that repeats one of the batch, is left out.
   */
  async insertAllIfAbsent(rows: readonly NewStoredDocument[]): Promise<void> {
    if (rows.length === 0) return;
    // Nothing is read back: the callers need no ids, and RETURNING would cost the database a row each.
    await this.documents
      .createQueryBuilder()
      .insert()
      .values([...rows])
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** The references of the documents this order version already has from `source`, in one query. */
  async sourceRefsForOrderVersion(
    orderid: string,
    version: number,
    source: StoredDocumentEntity['source'],
  ): Promise<Set<string>> {
    const rows = (await this.dataSource.query(
      `SELECT source_ref FROM documents WHERE orderid = $1 AND order_version = $2 AND source = $3`,
      [orderid, version, source],
    )) as { source_ref: string }[];
    return new Set(rows.map((row) => row.source_ref));
  }

  /** The documents collected for an order version (downloaded, uploaded, attached; not the dossier). */
  listForOrderVersion(orderid: string, version: number): Promise<StoredDocumentEntity[]> {
    // Read twice per order (what is missing, then the pre-statement): written once, not TypeORM's find.
    return this.rows.many(
      `SELECT ${this.rows.columns} FROM ${this.rows.table}
        WHERE orderid = $1 AND order_version = $2 AND source IN ('extranet', 'upload', 'operator')
          AND NOT pending
        ORDER BY id`,
      [orderid, version],
    );
  }

  /**
   * What a `done` notification lists: the documents of an order version by type, then in arrival order,
   * its dossier (type 10) among them. Read for every `done` delivery: written once, not TypeORM's find.
   */
  listWithDossierForOrderVersion(orderid: string, version: number): Promise<StoredDocumentEntity[]> {
    return this.rows.many(
      `SELECT ${this.rows.columns} FROM ${this.rows.table}
        WHERE orderid = $1 AND order_version = $2 AND NOT pending
        ORDER BY doctype, id`,
      [orderid, version],
    );
  }

  /** The dossier built for an order version, if any. */
  findDossier(orderid: string, version: number): Promise<StoredDocumentEntity | null> {
    return this.documents.findOneBy({ orderid, orderVersion: version, source: 'dossier' });
  }

  /** The client's uploads of one collection round, copied into the next one (inside `tx`). */
  /**
   * The client's uploads and an operator's attachments are the order's, not a collection's: they carry
   * over to the next collection round.
   */
  async carryUploadsOver(tx: EntityManager, orderid: string, fromVersion: number, toVersion: number) {
    await tx.query(
      `INSERT INTO documents (orderid, order_version, source, source_ref, doctype, kind, title, filename,
                              document_date, mimetype, size, sha256, storage_key)
       SELECT orderid, $2, source, source_ref, doctype, kind, title, filename, document_date, mimetype, size,
              sha256, storage_key
         FROM documents WHERE orderid = $1 AND order_version = $3 AND source IN ('upload', 'operator')
                          AND NOT pending
       ON CONFLICT DO NOTHING`,
      [orderid, toVersion, fromVersion],
    );
  }

  /** An operator's attachments of the order version join it (the workflow accepted the action). */
  async markAttached(
    tx: EntityManager,
    orderid: string,
    version: number,
    ids: readonly number[],
  ): Promise<void> {
    await tx.query(
      `UPDATE documents SET pending = false WHERE orderid = $1 AND order_version = $2 AND id = ANY($3::int[])`,
      [orderid, version, ids],
    );
  }

  /** The documents of `ids` that belong to the order version (others are left out). */
  listByIds(orderid: string, version: number, ids: readonly number[]): Promise<StoredDocumentEntity[]> {
    return this.documents.find({
      where: { orderid, orderVersion: version, id: In([...ids]) },
      order: { id: 'ASC' },
    });
  }

  findById(id: number): Promise<StoredDocumentEntity | null> {
    return this.documents.findOneBy({ id });
  }
}
