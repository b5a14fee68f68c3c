/**
 * What operators do to an order (docs/contract.md §9), as the audit table and the order's history name it.
 * Pure: safe to import from workflow code.
 */
export const OPERATOR_ACTION_KINDS = [
  'statement_filed',
  'documents_attached',
  'document_existence_marked',
  'released',
  'handed_back',
  'switched_to_assisted',
  'cancelled',
  'syndic_access_revealed',
  'notification_redelivered',
] as const;
export type OperatorActionKind = (typeof OPERATOR_ACTION_KINDS)[number];

/** What operators do to an order without going through its workflow: audited all the same. */
export type DirectOperatorAction = Extract<
  OperatorActionKind,
  'syndic_access_revealed' | 'notification_redelivered'
>;

/** The trigger of the order event an action writes (from and to are the order's unchanged state). */
export function operatorEventTrigger(action: OperatorActionKind): string {
  return `operator:${action}`;
}

export interface OperatorAuditEntry {
  id: string;
  orderid: string;
  operatorId: string;
  operatorEmail: string;
  action: OperatorActionKind;
  /** What changed (never a secret): the fields filed, the documents attached, the reason… */
  detail: Record<string, unknown>;
  at: Date;
}
