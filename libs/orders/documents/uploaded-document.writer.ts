import { createHash } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { type StoredDocumentRepository } from './stored-document.repository';
import { documentStorageKeys } from './document-storage-key';
import { type UploadedDocument } from './uploaded-document';

/**
 * Stores uploaded documents for an order version: the bytes in the document store under their content
 * hash, then one `documents` row each. Idempotent: the same content twice in one version is stored
 * once, and the existing row is returned for it.
 */
export class UploadedDocumentWriter {
  constructor(
    private readonly documents: StoredDocumentRepository,
    private readonly store: DocumentStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * The stored rows, in the order of `uploads`. With `manager`, the rows join that transaction.
   * `source`: the client's uploads, or an operator's attachments (assisted fulfilment).
   */
  async write(
    orderid: string,
    version: number,
    uploads: readonly UploadedDocument[],
    options: { manager?: EntityManager; source?: 'upload' | 'operator' } = {},
  ): Promise<StoredDocumentEntity[]> {
    const source = options.source ?? 'upload';
    const today = parisDate(this.clock());
    const rows: StoredDocumentEntity[] = [];
    for (const upload of uploads) {
      const sha256 = createHash('sha256').update(upload.content).digest('hex');
      const storageKey = documentStorageKeys.collected(orderid, version, source, sha256, upload.mimetype);
      // Bytes first: a row never points to a missing file; a file without a row is harmless.
      await this.store.put(storageKey, upload.content);
      const row = await this.documents.insertIfAbsent(
        {
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
          documentDate: today,
          mimetype: upload.mimetype,
          size: upload.content.length,
          sha256,
          storageKey,
        },
        options.manager,
      );
      rows.push(row);
    }
    return rows;
  }
}

/** YYYY-MM-DD in France, where the documents are used: an upload at 00:30 in Paris is of that day. */
function parisDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
}
