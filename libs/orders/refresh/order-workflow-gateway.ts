import { type OrderRecord } from '../order-record';

/**
 * What the API asks of a running order workflow (Temporal in production, a fake in some tests).
 * Implementations report a workflow that no longer accepts requests as DomainError('order_closed') and
 * an unreachable workflow service as DomainError('dependency_unavailable').
 */
export interface OrderWorkflowGateway {
  /** Applies the stored refresh request `refreshRequestId`; resolves with the order in `need-refresh`. */
  refresh(orderid: string, refreshRequestId: string): Promise<OrderRecord>;
  /** Wakes the order: uploaded documents are in the store for its current version. */
  notifyDocumentsUploaded(orderid: string): Promise<void>;
}
