import { type DocumentStore } from '@libs/platform/documents/document-store';
import { DomainError } from '@libs/platform/domain-error';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { type DocumentLinkSigner } from './document-link.signer';

export interface LinkedDocument {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/**
 * `GET /documents/<id>?expires=&signature=`: the signed link carried by a `done` notification is the
 * only authorisation. A tampered link is 404 (nothing is revealed), an authentic expired one is 410.
 */
export class DocumentLinkService {
  constructor(
    private readonly links: DocumentLinkSigner,
    private readonly documents: StoredDocumentRepository,
    private readonly store: DocumentStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async open(
    id: string,
    expires: string | undefined,
    signature: string | undefined,
  ): Promise<LinkedDocument> {
    const check = this.links.verifyDocumentLink(id, expires, signature, this.clock());
    if (check === 'invalid') throw new DomainError('document_link_invalid');
    if (check === 'expired') throw new DomainError('document_link_expired');
    const document = await this.documents.findById(Number(id));
    if (!document) throw new DomainError('document_link_invalid');
    return {
      filename: document.filename,
      mimetype: document.mimetype,
      content: await this.store.get(document.storageKey),
    };
  }
}
