import { condition, defineQuery, setHandler } from '@temporalio/workflow';
import { type OrderWorkflowInput } from '../libs/domain/order-workflow.contract';
import { type OrderState } from '../libs/domain/order-state';

export const orderStateQuery = defineQuery<OrderState>('orderState');

/**
 * One workflow per order (`order-<orderid>`). The order is persisted in `confirmed` by the API before
 * this starts; the lifecycle (collection, waiting, refresh, pre-statement) is built on this skeleton.
 */
export async function orderWorkflow(_input: OrderWorkflowInput): Promise<void> {
  const state: OrderState = 'confirmed';
  setHandler(orderStateQuery, () => state);
  await condition(() => false);
}
