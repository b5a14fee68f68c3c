import { createHash } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { type NewStoredDocument, type StoredDocumentRepository } from './stored-document.repository';
import { documentStorageKeys } from './document-storage-key';
import { type UploadedDocument } from './uploaded-document';

/** A stored upload, and whether this request stored it (false: its round had it already). */
export interface WrittenDocument {
  row: StoredDocumentEntity;
  inserted: boolean;
}

/**
 * Stores uploads (a client's, or an operator's attachments) for an order version, inside the transaction
 * `UploadedDocumentWriter.transaction` runs.
 */
export type WriteUploads = (
  orderid: string,
  version: number,
  uploads: readonly UploadedDocument[],
) => Promise<WrittenDocument[]>;

/**
 * Stores uploaded documents for an order version: the bytes in the document store under their content
 * hash, then one `documents` row each. Idempotent: the same content twice in one version is stored
 * once, and the existing row is returned for it.
 *
 * A client's uploads are written in a transaction (`transaction`) that also decides whether they are
 * accepted: a request that does not commit (refused, failed) leaves no file behind. An operator's
 * attachments (`write`) commit before the order's workflow is asked, and are taken back (`discard`) when
 * it refuses them. A file's key is held (an advisory lock) from before its write until its transaction
 * ends, and a file is removed only under that hold and when no row has it: a request with the same file
 * that commits meanwhile keeps it.
 */
export class UploadedDocumentWriter {
  constructor(
    private readonly documents: StoredDocumentRepository,
    private readonly store: DocumentStore,
    private readonly transactions: TransactionRunner,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Runs `work` in one transaction, in which `write` stores the client's uploads. When it throws (a
   * refusal, a failure), the transaction is rolled back and the files it wrote, which no committed row
   * holds, are removed before the error is passed on.
   */
  async transaction<T>(
    work: (tx: EntityManager, write: WriteUploads) => Promise<T>,
    source: 'upload' | 'operator' = 'upload',
  ): Promise<T> {
    const written: { orderid: string; storageKey: string }[] = [];
    try {
      return await this.transactions.transaction((tx) =>
        work(tx, async (orderid, version, uploads) => {
          const rows = uploads.map((upload) => this.rowOf(orderid, version, upload, source));
          await this.documents.holdStorageKeys(
            tx,
            rows.map((row) => row.storageKey),
          );
          const stored: WrittenDocument[] = [];
          for (const [index, row] of rows.entries()) {
            written.push({ orderid, storageKey: row.storageKey });
            // Bytes first: a row never points to a missing file.
            await this.store.put(row.storageKey, uploads[index]!.content);
            stored.push(await this.documents.insertOrFind(row, tx));
          }
          return stored;
        }),
      );
    } catch (error) {
      await this.takeBack(written, []).catch(() => {
        // The error that ended the transaction is the one to answer (often the database that failed
        // for this too); a file left without a row is never served.
      });
      throw error;
    }
  }

  /**
   * Takes back documents a committed `transaction` or `write` stored, once the request turns out refused
   * (the order closed meanwhile, the workflow refused the attachment): the rows it inserted, as it wrote
   * them, then their files no other row holds. A row changed meanwhile stays: an attachment of the same
   * file that the workflow accepted (no longer pending) is that other request's.
   */
  async discard(written: readonly WrittenDocument[]): Promise<void> {
    const inserted = written.filter((document) => document.inserted).map((document) => document.row);
    await this.takeBack(inserted, inserted);
  }

  /**
   * Takes back the operator attachments a refresh left pending in the rounds before `version`: their
   * action's answer never came (Temporal unreachable, the update timed out) and can no longer be
   * accepted, so they would be kept, never served, for as long as the order.
   */
  async discardSuperseded(orderid: string, version: number): Promise<void> {
    const rows = await this.documents.pendingBefore(orderid, version);
    await this.takeBack(rows, rows);
  }

  /**
   * Takes back up to `limit` operator attachments of any order stored before `storedBefore` and still
   * pending in a round that can no longer accept them (`abandonedAttachments`): their action's answer
   * never came, and the round was then done, cancelled or replaced. Returns how many it read, so that a
   * sweep knows whether to go on.
   */
  async discardAbandoned(storedBefore: Date, limit: number): Promise<number> {
    const rows = await this.documents.abandonedAttachments(storedBefore, limit);
    await this.takeBack(rows, rows);
    return rows.length;
  }

  /**
   * Stores an operator's attachments (assisted fulfilment) in a transaction of their own, pending: they
   * count once the order's workflow accepts them, and are `discard`ed if it refuses them.
   */
  write(
    orderid: string,
    version: number,
    uploads: readonly UploadedDocument[],
    options: { source: 'operator' },
  ): Promise<WrittenDocument[]> {
    return this.transaction((_tx, write) => write(orderid, version, uploads), options.source);
  }

  /**
   * Deletes the rows `rows` still as written, then the files of `written` no row points to any more,
   * holding their keys: no request can then be between writing one of these files and committing its row.
   */
  private async takeBack(
    written: readonly { orderid: string; storageKey: string }[],
    rows: readonly Pick<StoredDocumentEntity, 'id' | 'pending'>[],
  ): Promise<void> {
    if (written.length === 0) return;
    await this.transactions.transaction(async (tx) => {
      await this.documents.holdStorageKeys(
        tx,
        written.map((key) => key.storageKey),
      );
      await this.documents.deleteAsWritten(tx, rows);
      for (const orderid of new Set(written.map((key) => key.orderid))) {
        const ofOrder = written.filter((key) => key.orderid === orderid).map((key) => key.storageKey);
        const held = await this.documents.heldStorageKeys(tx, orderid, ofOrder);
        for (const storageKey of new Set(ofOrder)) {
          if (!held.has(storageKey)) await this.store.delete(storageKey);
        }
      }
    });
  }

  private rowOf(
    orderid: string,
    version: number,
    upload: UploadedDocument,
    source: 'upload' | 'operator',
  ): NewStoredDocument {
    const sha256 = createHash('sha256').update(upload.content).digest('hex');
    return {
      orderid,
      orderVersion: version,
      source,
      // The same file sent again for the same type is stored once; under another type it counts for both.
      sourceRef: `${upload.kind ?? upload.doctype}:${sha256}`,
      doctype: upload.doctype,
      kind: upload.kind ?? null,
      // An operator's attachment counts once the order's workflow accepts it.
      pending: source === 'operator',
      title: upload.filename,
      filename: upload.filename,
      documentDate: parisDate(this.clock()),
      mimetype: upload.mimetype,
      size: upload.content.length,
      sha256,
      storageKey: documentStorageKeys.collected(orderid, version, source, sha256, upload.mimetype),
    };
  }
}

/** YYYY-MM-DD in France, where the documents are used: an upload at 00:30 in Paris is of that day. */
function parisDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
}
