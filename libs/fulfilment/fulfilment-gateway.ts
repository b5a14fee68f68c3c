import { DomainError } from '@libs/platform/domain-error';
import { type FulfilmentStatus, type WorkflowOperatorAction } from './fulfilment-workflow.contract';

/**
 * What the API asks of an order workflow on an operator's behalf (Temporal in production). A refusal of
 * the workflow's validator is `DomainError('operator_action_refused')` (`operator_forbidden` for a role
 * that may not act), a closed workflow `order_closed`, Temporal unreachable `dependency_unavailable`.
 */
export interface FulfilmentGateway {
  /**
   * Runs the action's update and resolves once the workflow applied it. `actionId` is the update's id:
   * the same id sent twice (a form submitted twice) is applied once.
   */
  act(
    orderid: string,
    action: WorkflowOperatorAction,
    args: object,
    actionId: string,
  ): Promise<FulfilmentStatus>;
}

/**
 * Whether an error of `act` says the workflow did not apply the action and never will: its validator
 * refused it, or the workflow is over. Any other (`operator_action_pending`, `dependency_unavailable`,
 * the unexpected) leaves it unknown: Temporal may hold the update and apply it later.
 */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    (error.code === 'operator_action_refused' ||
      error.code === 'operator_forbidden' ||
      error.code === 'order_closed')
  );
}
