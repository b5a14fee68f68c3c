import { type Doctype } from '@libs/orders/doctype';
import { type DocumentKind, defaultKind, hasSeveralKinds } from '@libs/orders/document-kind';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { renderDocumentPdf } from './document-pdf.renderer';
import { type CoOwnershipFixture, type DocumentFixture } from './fixtures/co-ownership.fixture';

/** A listed document as the protocol sends it: `kind` left out when the syndic does not say it. */
export type ListedDocument = Omit<ExtranetDocument, 'kind'> & { kind?: DocumentKind };

interface CatalogEntry {
  coOwnershipKey: string;
  listing: ListedDocument;
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
            ...listedKind(document),
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

  list(coOwnershipKey: string, hidden: ReadonlySet<Doctype>): ListedDocument[] {
    return [...this.entries.values()]
      .filter((entry) => entry.coOwnershipKey === coOwnershipKey && !hidden.has(entry.listing.doctype))
      .map((entry) => ({ ...entry.listing }));
  }

  /** Documents of another co-ownership, or hidden ones, do not exist for this user. */
  find(
    coOwnershipKey: string,
    id: string,
    hidden: ReadonlySet<Doctype>,
  ): { listing: ListedDocument; content: Buffer } | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.coOwnershipKey !== coOwnershipKey || hidden.has(entry.listing.doctype)) {
      return undefined;
    }
    return entry;
  }
}

/**
 * The fixture's kind; without one, the only kind of a code that has one, and nothing for codes 3 and 4:
 * such a syndic does not say whether its règlement holds the EDD, nor which diagnostic it lists.
 */
function listedKind(document: DocumentFixture): { kind?: DocumentKind } {
  if (document.kind !== undefined) return { kind: document.kind };
  return hasSeveralKinds(document.doctype) ? {} : { kind: defaultKind(document.doctype) };
}
