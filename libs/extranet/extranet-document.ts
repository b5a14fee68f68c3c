import { type Doctype } from '@libs/orders/doctype';

/** A document as a co-owner sees it listed on the extranet. */
export interface ExtranetDocument {
  /** The extranet's own identifier, stable across listings. */
  id: string;
  doctype: Doctype;
  title: string;
  /** Date of the document (meeting date, diagnostic date…), YYYY-MM-DD. */
  date: string;
  mimetype: string;
  size: number;
}
