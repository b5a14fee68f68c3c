import { type Doctype } from '@libs/orders/doctype';
import { defaultKind } from '@libs/orders/document-kind';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { renderDocumentPdf } from './document-pdf.renderer';
import { type CoOwnershipFixture } from './fixtures/co-ownership.fixture';

interface CatalogEntry {
  coOwnershipKey: string;
  listing: ExtranetDocument;
  content: Buffer;
}

/** Every document of every sandbox co-ownership, rendered once at start-up and served from memory. */
export class DocumentCatalog {
  private constructor(private readonly entries: ReadonlyMap<string, CatalogEntry>) {}

  static async build(fixtures: readonly CoOwnershipFixture[]): Promise<DocumentCatalog> {
    const entries = new Map<string, CatalogEntry>();
    for (const fixture of fixtures) {
      for (const document of fixture.documents) {
        const id = `${fixture.key}-${document.slug}`;
        if (entries.has(id)) throw new Error(`Duplicate sandbox document id ${id}`);
        const content = await renderDocumentPdf(fixture.coOwnership, document);
        entries.set(id, {
          coOwnershipKey: fixture.key,
          listing: {
            id,
            doctype: document.doctype,
            kind: document.kind ?? defaultKind(document.doctype),
            title: document.title,
            date: document.date,
            mimetype: 'application/pdf',
            size: content.length,
          },
          content,
        });
      }
    }
    return new DocumentCatalog(entries);
  }

  list(coOwnershipKey: string, hidden: ReadonlySet<Doctype>): ExtranetDocument[] {
    return [...this.entries.values()]
      .filter((entry) => entry.coOwnershipKey === coOwnershipKey && !hidden.has(entry.listing.doctype))
      .map((entry) => ({ ...entry.listing }));
  }

  /** Documents of another co-ownership, or hidden ones, do not exist for this user. */
  find(
    coOwnershipKey: string,
    id: string,
    hidden: ReadonlySet<Doctype>,
  ): { listing: ExtranetDocument; content: Buffer } | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.coOwnershipKey !== coOwnershipKey || hidden.has(entry.listing.doctype)) {
      return undefined;
    }
    return entry;
  }
}
