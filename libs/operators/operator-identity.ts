/**
 * The provider's staff, as the console authenticates them: separate from client accounts and API keys.
 * Pure: operator actions carry it into the order workflow (Temporal Update arguments) for the audit.
 */
export const OPERATOR_ROLES = ['viewer', 'operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface OperatorIdentity {
  /** The operator account's id (uuid). */
  id: string;
  email: string;
  role: OperatorRole;
}

/** Whether `role` may change an order (file, attach, release, reveal the syndic access…). */
export function canActOnOrders(role: OperatorRole): boolean {
  return role === 'operator' || role === 'admin';
}
