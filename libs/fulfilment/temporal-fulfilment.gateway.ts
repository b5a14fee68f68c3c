import {
  ApplicationFailure,
  type Client,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { orderWorkflowId } from '@libs/orders/order-id';
import { toDomainError } from '@libs/orders/refresh/temporal-order-workflow.gateway';
import { DomainError } from '@libs/platform/domain-error';
import { type FulfilmentGateway } from './fulfilment-gateway';
import {
  type FulfilmentStatus,
  OPERATOR_ACTION_REFUSED,
  OPERATOR_UPDATES,
  type WorkflowOperatorAction,
  isOperatorRefusal,
} from './fulfilment-workflow.contract';

/** How long an operator's action may wait for the workflow to apply it (a PDF at release) before 503. */
const DEFAULT_UPDATE_TIMEOUT_MS = 60_000;

export class TemporalFulfilmentGateway implements FulfilmentGateway {
  constructor(
    private readonly client: Client,
    private readonly updateTimeoutMs = DEFAULT_UPDATE_TIMEOUT_MS,
  ) {}

  async act(
    orderid: string,
    action: WorkflowOperatorAction,
    args: object,
    actionId: string,
  ): Promise<FulfilmentStatus> {
    const handle = this.client.workflow.getHandle(orderWorkflowId(orderid));
    try {
      return await this.client.withDeadline(Date.now() + this.updateTimeoutMs, () =>
        handle.executeUpdate<FulfilmentStatus, [object]>(OPERATOR_UPDATES[action], {
          args: [args],
          updateId: actionId,
        }),
      );
    } catch (error) {
      // Temporal may hold the update and apply it once the worker can: "retry later" would have the
      // operator do it twice (a new page is a new form).
      if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
        throw new DomainError('operator_action_pending', {}, undefined, error);
      }
      throw refusalOf(error) ?? toDomainError(error);
    }
  }
}

function refusalOf(error: unknown): DomainError | null {
  if (!(error instanceof WorkflowUpdateFailedError)) return null;
  const cause = error.cause;
  if (!(cause instanceof ApplicationFailure) || cause.type !== OPERATOR_ACTION_REFUSED) return null;
  const refusal = cause.message;
  if (!isOperatorRefusal(refusal)) return null;
  return refusal === 'role_forbidden'
    ? new DomainError('operator_forbidden', {}, undefined, error)
    : new DomainError('operator_action_refused', { refusal }, undefined, error);
}
