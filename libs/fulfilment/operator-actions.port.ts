import { type Doctype } from '@libs/orders/doctype';
import { type OrderState } from '@libs/orders/order-state';
import { type AssistanceReason, type FulfilmentMode } from './fulfilment-mode';
import { type OperatorIdentity } from './operator-identity';

/**
 * What the operator console asks of the fulfilment domain. One implementation (libs/fulfilment), used by
 * the console and by any API route that offers the same action: every rule is written once.
 *
 * Each mutating call is a Temporal Update on the order's workflow (validated there), recorded in the
 * order's event history and in the operator audit table. Refusals are `DomainError`s whose French text
 * names the field or the reason (validation of the statement, an order that is not assisted, a role that
 * may not act…); an unknown order is `order_not_found`.
 */
export interface OperatorActions {
  /** Files, or corrects, the account statement. `statement` is the wire form (libs/statement), validated server-side. */
  fileStatement(operator: OperatorIdentity, orderid: string, statement: unknown): Promise<void>;
  /** Stores the documents for the order's current round, then tells the workflow. */
  attachDocuments(operator: OperatorIdentity, orderid: string, documents: DocumentToAttach[]): Promise<void>;
  /**
   * Marks a document type as "does not exist in this co-ownership" (`exists: false`), as opposed to
   * "not obtained"; `exists: true` undoes it.
   */
  markDocumentExistence(
    operator: OperatorIdentity,
    orderid: string,
    doctype: Doctype,
    exists: boolean,
  ): Promise<void>;
  /** Releases the order for generation: the pre-statement is produced from what was filed. */
  release(operator: OperatorIdentity, orderid: string): Promise<void>;
  /** Hands the order back to automatic collection. */
  handBack(operator: OperatorIdentity, orderid: string): Promise<void>;
  /** Switches an automatic order to assisted fulfilment. */
  switchToAssisted(operator: OperatorIdentity, orderid: string, note: string): Promise<void>;
  /** Cancels the order's fulfilment, with a reason (required, shown in the audit and the timeline). */
  cancel(operator: OperatorIdentity, orderid: string, reason: string): Promise<void>;
  /** The seller's syndic access, in clear, for an operator who must log into the extranet. Audited. */
  revealSyndicAccess(operator: OperatorIdentity, orderid: string): Promise<SyndicAccess>;
  /** The audit entries of one order, oldest first. */
  auditTrail(orderid: string): Promise<OperatorAuditEntry[]>;
}

export interface DocumentToAttach {
  doctype: Doctype;
  filename: string;
  /** The media type as sent; checked against the content (PDF, PNG, JPEG…) like the API's uploads. */
  contentType: string;
  content: Buffer;
}

export interface SyndicAccess {
  syndicName: string | null;
  url: string | null;
  username: string | null;
  password: string | null;
}

export type OperatorActionKind =
  | 'statement_filed'
  | 'documents_attached'
  | 'document_existence_marked'
  | 'released'
  | 'handed_back'
  | 'switched_to_assisted'
  | 'cancelled'
  | 'syndic_access_revealed';

export interface OperatorAuditEntry {
  id: string;
  orderid: string;
  operatorId: string;
  operatorEmail: string;
  action: OperatorActionKind;
  /** What changed (non-secret): fields filed, documents attached, the reason… */
  detail: Record<string, unknown>;
  at: Date;
}

/** The console's work queue: live orders needing a person, oldest first. */
export interface WorkQueue {
  list(filter: WorkQueueFilter): Promise<WorkQueuePage>;
  /** For `/metrics`: how many orders wait for a person and since when the oldest does. */
  stats(): Promise<{ size: number; oldestSince: Date | null }>;
}

export interface WorkQueueFilter {
  reason?: AssistanceReason;
  state?: OrderState;
  /** The client account's email. */
  account?: string;
  limit?: number;
  offset?: number;
}

export interface WorkQueueItem {
  orderid: string;
  externalId: string;
  accountEmail: string;
  state: OrderState;
  method: 'extranet' | 'upload';
  fulfilment: FulfilmentMode;
  reason: AssistanceReason;
  /** Since when the order needs a person (the age shown is now minus this). */
  since: Date;
  address: string;
  zipcode: string;
  city: string;
}

export interface WorkQueuePage {
  items: WorkQueueItem[];
  total: number;
  /** Orders in the queue per reason, whatever the filter. */
  counts: Record<AssistanceReason, number>;
}
