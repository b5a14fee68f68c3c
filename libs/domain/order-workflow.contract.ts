/**
 * What the API and the worker agree on about the per-order workflow. Only non-secret data travels in
 * the workflow input: credentials stay encrypted in PostgreSQL and are read by activities.
 */
export const ORDER_WORKFLOW_TYPE = 'orderWorkflow';

export interface OrderWorkflowInput {
  orderid: string;
  account: string;
  externalId: string;
  testMode: boolean;
}
