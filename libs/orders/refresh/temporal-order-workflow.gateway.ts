import {
  ApplicationFailure,
  type Client,
  ServiceError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  isGrpcServiceError,
} from '@temporalio/client';
import { DomainError } from '@libs/platform/domain-error';
import { orderWorkflowId } from '../order-id';
import {
  DOCUMENTS_UPLOADED_SIGNAL,
  REFRESH_REJECTED_CLOSED,
  REFRESH_UPDATE,
  type RefreshUpdateArgs,
} from '../order-workflow.contract';
import { type OrderRecord } from '../order-record';
import { type OrderWorkflowGateway } from './order-workflow-gateway';

/** How long a refresh may wait for the workflow to accept and apply it before answering 503. */
const DEFAULT_UPDATE_TIMEOUT_MS = 30_000;

export class TemporalOrderWorkflowGateway implements OrderWorkflowGateway {
  constructor(
    private readonly client: Client,
    private readonly updateTimeoutMs = DEFAULT_UPDATE_TIMEOUT_MS,
  ) {}

  async refresh(orderid: string, refreshRequestId: string): Promise<OrderRecord> {
    const handle = this.client.workflow.getHandle(orderWorkflowId(orderid));
    const args: RefreshUpdateArgs = { refreshRequestId };
    try {
      // Without a deadline the update would wait forever while no worker runs; the request id doubles
      // as the update id, so a retried call is deduplicated by Temporal.
      return await this.client.withDeadline(Date.now() + this.updateTimeoutMs, () =>
        handle.executeUpdate<OrderRecord, [RefreshUpdateArgs]>(REFRESH_UPDATE, {
          args: [args],
          updateId: refreshRequestId,
        }),
      );
    } catch (error) {
      throw toDomainError(error);
    }
  }

  async notifyDocumentsUploaded(orderid: string): Promise<void> {
    try {
      await this.client.workflow.getHandle(orderWorkflowId(orderid)).signal(DOCUMENTS_UPLOADED_SIGNAL);
    } catch (error) {
      throw toDomainError(error);
    }
  }
}

/**
 * A workflow that is gone (completed after its refresh window, or past retention) or whose update
 * validator refused the refresh as too late means the order is closed; transport trouble means
 * Temporal is unavailable. Anything else is unexpected and left to the 500 path.
 */
export function toDomainError(error: unknown): unknown {
  if (error instanceof WorkflowUpdateFailedError) {
    const cause = error.cause;
    return cause instanceof ApplicationFailure && cause.type === REFRESH_REJECTED_CLOSED
      ? new DomainError('order_closed', {}, undefined, error)
      : error;
  }
  if (error instanceof WorkflowNotFoundError || isAlreadyCompleted(error)) {
    return new DomainError('order_closed', {}, undefined, error);
  }
  if (
    error instanceof ServiceError ||
    error instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
    isGrpcServiceError(error)
  ) {
    return new DomainError('dependency_unavailable', {}, undefined, error);
  }
  return error;
}

function isAlreadyCompleted(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const details = (e as { details?: unknown }).details;
    if (
      /already completed/i.test(e.message) ||
      (typeof details === 'string' && /already completed/i.test(details))
    ) {
      return true;
    }
  }
  return false;
}
