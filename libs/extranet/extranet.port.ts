import { type AccountStatement } from '@libs/statement/account-statement';
import { type ExtranetDocument } from './extranet-document';
import { type ExtranetSession } from './extranet-session';
import { type SyndicCredentials } from './syndic-credentials';

export interface ExtranetDocumentContent {
  content: Buffer;
  mimetype: string;
}

/**
 * How the service reads a syndic's extranet. One implementation per extranet protocol; the
 * `ExtranetConnectorRegistry` picks one per order.
 *
 * Every method fails with `ExtranetCredentialsRefusedError` when retrying cannot help (login refused,
 * unusable extranet address) and with `ExtranetUnavailableError` when it can (extranet down, slow,
 * answering nonsense, session expired: retry from `login`).
 */
export interface ExtranetConnector {
  login(credentials: SyndicCredentials): Promise<ExtranetSession>;
  /**
   * The seller's account statement. `lots` null or empty means all the seller's lots; lots that are not
   * the seller's are left out, so the statement may list fewer lots than asked, possibly none.
   */
  fetchStatement(session: ExtranetSession, lots: string[] | null): Promise<AccountStatement>;
  listDocuments(session: ExtranetSession): Promise<ExtranetDocument[]>;
  downloadDocument(session: ExtranetSession, documentId: string): Promise<ExtranetDocumentContent>;
}
