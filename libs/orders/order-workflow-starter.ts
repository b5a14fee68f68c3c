import { type OrderWorkflowInput } from '../domain/order-workflow.contract';

/** Starts the durable workflow of a new order (Temporal in production, the same in tests). */
export interface OrderWorkflowStarter {
  start(input: OrderWorkflowInput): Promise<void>;
}
