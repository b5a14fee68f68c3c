import { isDocumentKind } from '@libs/orders/document-kind';
import { type OrderState } from '@libs/orders/order-state';
import { type FulfilmentMode } from './fulfilment-mode';
import { type OperatorActionKind } from './operator-action';
import { type OperatorRefusal } from './fulfilment-workflow.contract';
import { type OperatorRole, canActOnOrders } from '@libs/operators/operator-identity';

/** What the rules need to know of an order (the workflow's own state, or its row for the console). */
export interface FulfilmentView {
  state: OrderState;
  /** Null or undefined: not routed yet (or a test-mode order, which the sandbox serves). */
  fulfilment: FulfilmentMode | null | undefined;
  cancelled: boolean;
  /** The round has an account statement (collected by a connector or filed by an operator). */
  hasStatement: boolean;
  version: number;
}

/** An action's arguments, as far as the rules look at them. */
export interface OperatorActionRequestView {
  role: OperatorRole;
  /** The collection round the operator's page showed, when the request says. */
  version?: number;
  documentIds?: unknown;
  kind?: unknown;
  exists?: unknown;
  note?: unknown;
  reason?: unknown;
}

/** The longest note or reason an operator can give. */
export const OPERATOR_TEXT_MAX = 1000;

/**
 * Whether an operator may do `action` to the order now, and if not why (docs/contract.md §9): written
 * once, checked by the order workflow's update validators and used by the console to offer only what
 * will be accepted. Pure: safe to import from workflow code.
 */
export function operatorRefusal(
  action: OperatorActionKind,
  order: FulfilmentView,
  request: OperatorActionRequestView,
): OperatorRefusal | null {
  if (!canActOnOrders(request.role)) return 'role_forbidden';
  // Reading the seller's access or sending a notification again changes nothing of the order.
  if (action === 'syndic_access_revealed' || action === 'notification_redelivered') return null;
  if (order.state === 'done') return 'order_done';
  if (order.cancelled) return 'order_cancelled';
  // A form made for a round a refresh has since replaced (a page left open): it would act on the
  // client's new request with what was decided for the old one.
  if (request.version !== undefined && request.version !== order.version) return 'version_superseded';
  switch (action) {
    case 'switched_to_assisted':
      if (order.fulfilment === 'assisted') return 'already_assisted';
      return isOperatorText(request.note) ? null : 'invalid_request';
    case 'cancelled':
      return isOperatorText(request.reason) ? null : 'invalid_request';
    default:
      break;
  }
  if (order.fulfilment !== 'assisted') return 'not_assisted';
  switch (action) {
    case 'documents_attached':
      // Stored for a round: the request always says which.
      if (request.version !== order.version) return 'version_superseded';
      return isIdList(request.documentIds) ? null : 'invalid_request';
    case 'document_existence_marked':
      return isDocumentKind(request.kind) && typeof request.exists === 'boolean' ? null : 'invalid_request';
    case 'released':
      return order.hasStatement ? null : 'statement_not_filed';
    default:
      return null;
  }
}

/** What keeps an operator's note or reason from being recorded; null when nothing does. */
export function operatorTextProblem(value: unknown): 'empty' | 'too_long' | 'invalid' | null {
  // PostgreSQL's text refuses the NUL character.
  if (typeof value !== 'string' || value.includes('\u0000')) return 'invalid';
  if (value.trim() === '') return 'empty';
  return value.length > OPERATOR_TEXT_MAX ? 'too_long' : null;
}

function isOperatorText(value: unknown): boolean {
  return operatorTextProblem(value) === null;
}

function isIdList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 100 &&
    value.every((id) => Number.isSafeInteger(id) && (id as number) > 0)
  );
}
