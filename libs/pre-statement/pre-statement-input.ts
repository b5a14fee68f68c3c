import { type Doctype } from '@libs/orders/doctype';
import { type DocumentKind } from '@libs/orders/document-kind';
import { type AccountStatement } from '@libs/statement/account-statement';

export interface PreStatementPerson {
  firstname: string;
  lastname: string;
}

/** The property as described in the order (used when the extranet statement is missing). */
export interface PreStatementProperty {
  address: string;
  additional: string;
  zipcode: string;
  city: string;
}

/** One document obtained for the order, annexed to the pre-statement. */
export interface PreStatementAnnex {
  doctype: Doctype;
  /**
   * What the document is (`statedKind`); null for a document of a code with several kinds (3, 4) whose
   * kind nobody said: it must not be taken for any one of them.
   */
  kind: DocumentKind | null;
  title: string;
  /** YYYY-MM-DD, null when unknown. */
  date: string | null;
  /** Pages of the file as joined to the dossier; 0 when it could not be read; null when not counted. */
  pages: number | null;
}

/**
 * Everything the pre-statement PDF shows; gathered by the order workflow. The order's `comment` is the
 * client's internal note and is not part of it: the document is handed to the buyer.
 */
export interface PreStatementInput {
  orderid: string;
  /** The client's own reference, empty string when none was given. */
  externalId: string;
  testMode: boolean;
  /** The seller declares being up to date with payments (`all_due_paid` of the order). */
  allDuePaid: boolean;
  issuedAt: Date;
  property: PreStatementProperty;
  /** The sellers, from the order's `owners`. */
  owners: PreStatementPerson[];
  /** Lot numbers of the order's `lots`, null when the client gave none. */
  lotsRequested: string[] | null;
  /** The syndic named in the order, used when the statement does not name one. */
  syndicName: string;
  /** Null when the extranet statement could not be obtained. */
  statement: AccountStatement | null;
  documents: PreStatementAnnex[];
}
