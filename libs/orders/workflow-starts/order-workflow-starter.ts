import { type OrderWorkflowInput } from '../order-workflow.contract';

/** Starts the durable workflow of a new order (Temporal in production, the same in tests). */
export interface OrderWorkflowStarter {
  /**
   * Resolves once the order's workflow runs or ran: starting it again is success and never begins a
   * second run, so the relay and the recovery sweep may both try. The starter adds the processing
   * settings of its configuration and asks the run to queue the `confirmed` notification first.
   */
  start(
    input: Omit<OrderWorkflowInput, 'settings' | 'carried' | 'queuesConfirmedNotification'>,
  ): Promise<void>;
}
