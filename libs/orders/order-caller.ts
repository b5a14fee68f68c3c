import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OperatorIdentity } from '@libs/operators/operator-identity';

/**
 * Who reaches an order: a client, through the API, among its own account's orders only; or one of the
 * provider's operators, through the console, any order (docs/contract.md §9). The services serve both,
 * so every rule about an order has one implementation.
 */
export type OrderCaller = AuthenticatedAccount | OperatorIdentity;

export function isOperator(caller: OrderCaller): caller is OperatorIdentity {
  return 'role' in caller;
}
