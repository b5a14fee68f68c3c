import { type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type OrderWorkflowRelay } from '@libs/orders/workflow-starts/order-workflow-relay';
import { type UnstartedOrderSweep } from '@libs/orders/workflow-starts/unstarted-order-sweep';

/**
 * Runs the recovery sweep while the API runs. On shutdown (after the HTTP server has finished the
 * requests in flight, so no creation hands over an order any more) stops it and lets the relay's starts
 * in flight finish; the orders still queued are the sweep's, in this process or another.
 */
export class OrderWorkflowStartsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly relay: OrderWorkflowRelay,
    private readonly sweep: UnstartedOrderSweep,
  ) {}

  onApplicationBootstrap(): void {
    this.sweep.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweep.stop();
    await this.relay.drain();
  }
}
