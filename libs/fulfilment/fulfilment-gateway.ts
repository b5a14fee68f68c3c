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
