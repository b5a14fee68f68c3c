import { type AppLogger } from '@libs/platform/logging/app-logger';
import { PeriodicTask } from '@libs/platform/periodic-task';
import { type UnstartedOrder, type UnstartedOrderRepository } from './unstarted-order.repository';
import { type OrderWorkflowRelay } from './order-workflow-relay';

export interface UnstartedOrderSweepOptions {
  /** Time between two passes. */
  sweepIntervalMs: number;
  /** Orders younger than this are left to the relay that is starting them. */
  graceMs: number;
  /** Orders locked and started per transaction. */
  batchSize?: number;
  /** Starts sent to Temporal at once. */
  concurrency?: number;
}

/**
 * The recovery path of order creation: every `sweepIntervalMs`, starts the workflows of the orders
 * committed more than `graceMs` ago whose workflows are still not started (the API stopped between the
 * commit and the start, or Temporal was unreachable). Each API process runs one; they skip each other's
 * rows. A pass never fails the process: a database or Temporal outage is logged and the next pass tries
 * again.
 */
export class UnstartedOrderSweep {
  private readonly passes: PeriodicTask<number>;

  constructor(
    private readonly relay: Pick<OrderWorkflowRelay, 'startWorkflows'>,
    private readonly orders: Pick<UnstartedOrderRepository, 'withOverdue'>,
    private readonly logger: AppLogger,
    private readonly options: UnstartedOrderSweepOptions,
  ) {
    this.passes = new PeriodicTask(() => this.startOverdue(), options.sweepIntervalMs);
  }

  start(): void {
    this.passes.start();
  }

  /** Stops the passes; waits for the one running. */
  stop(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass (or the one running): how many orders it started. Never rejects. */
  sweep(): Promise<number> {
    return this.passes.run();
  }

  private async startOverdue(): Promise<number> {
    const batchSize = this.options.batchSize ?? 100;
    const pass: { started: number; failure: { error: unknown } | null } = { started: 0, failure: null };
    try {
      for (;;) {
        const locked = await this.orders.withOverdue(this.options.graceMs, batchSize, async (orders) => {
          const outcome = await startEach(orders, this.options.concurrency ?? 16, (order) =>
            this.relay.startWorkflows(order),
          );
          pass.failure = outcome.failure;
          pass.started += outcome.started.length;
          return outcome.started;
        });
        if (pass.failure || locked < batchSize) break;
      }
    } catch (error) {
      pass.failure = { error };
    }
    if (pass.started > 0) {
      this.logger.info({ orders: pass.started }, 'Recovery sweep started the workflows of unstarted orders');
    }
    if (pass.failure) {
      this.logger.warn(
        { err: pass.failure.error, started: pass.started },
        'Recovery sweep of unstarted orders failed: the next pass tries again',
      );
    }
    return pass.started;
  }
}

/**
 * Starts each order, `concurrency` at a time; after a failure no further start begins (Temporal is
 * most likely down). Returns the orders started and the first failure.
 */
async function startEach(
  orders: UnstartedOrder[],
  concurrency: number,
  start: (order: UnstartedOrder) => Promise<void>,
): Promise<{ started: string[]; failure: { error: unknown } | null }> {
  const started: string[] = [];
  let failure: { error: unknown } | null = null;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, orders.length) }, async () => {
      while (failure === null && next < orders.length) {
        const order = orders[next++]!;
        try {
          await start(order);
          started.push(order.orderid);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  return { started, failure };
}
