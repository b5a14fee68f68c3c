import { type OrderWorkflowInput } from '../domain/order-workflow.contract';

/** Starts the durable workflow of a new order (Temporal in production, the same in tests). */
export interface OrderWorkflowStarter {
  /** The starter adds the processing settings of its configuration. */
  start(input: Omit<OrderWorkflowInput, 'settings' | 'carried'>): Promise<void>;
}
