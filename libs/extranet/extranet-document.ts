import { type Doctype } from '@libs/orders/doctype';
import { type DocumentKind } from '@libs/orders/document-kind';

/** A document as a co-owner sees it listed on the extranet. */
export interface ExtranetDocument {
  /** The extranet's own identifier, stable across listings. */
  id: string;
  doctype: Doctype;
  /**
   * Finer than `doctype`, which is always the kind's published code; null when the extranet does not
   * say (the protocol's first version), and the kind is then the code's only one, or not known.
   */
  kind: DocumentKind | null;
  title: string;
  /** Date of the document (meeting date, diagnostic date…), YYYY-MM-DD. */
  date: string;
  mimetype: string;
  size: number;
}
