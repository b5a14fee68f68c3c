import { DomainError } from '@libs/platform/domain-error';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type UnstartedOrder, type UnstartedOrderRepository } from './unstarted-order.repository';
import { type ConfirmationEmailStarter } from '../confirmation-email/confirmation-email-starter';
import { type ForegroundLoad, NO_FOREGROUND_LOAD } from './foreground-load';
import { type OrderWorkflowStarter } from './order-workflow-starter';

export interface OrderWorkflowRelayOptions {
  /** Starts sent to Temporal at once. */
  concurrency: number;
  /** Orders waiting for a start; beyond, new ones are left to the recovery sweep. */
  maxQueued: number;
  /** The longest an order's start is held back while the process is busy serving requests. */
  maxDeferMs: number;
}

export const DEFAULT_RELAY_OPTIONS: OrderWorkflowRelayOptions = {
  concurrency: 32,
  maxQueued: 10_000,
  maxDeferMs: 20_000,
};
/** Orders recorded as started by one UPDATE at most. */
const MAX_MARK_BATCH = 500;
/** While held back, how often the relay looks again whether the burst of requests is over. */
const BUSY_RECHECK_MS = 50;

interface QueuedOrder {
  order: UnstartedOrder;
  /** `clock()` when it was submitted. */
  queuedAt: number;
}

/**
 * Starts the workflows of committed orders from the API process: the order's workflow and, for a live
 * order, its confirmation email's. Creation hands the order over and answers at once; the relay starts
 * it right away, a bounded number at a time, and records it started (`workflow_started_at`, one UPDATE
 * per batch). An order it could not start (Temporal unreachable, the process stopped) stays unstarted in
 * the database, where the recovery sweep (UnstartedOrderSweep) finds it.
 *
 * While the process is busy serving a burst of requests (`load`), starts wait, up to `maxDeferMs`: each
 * start costs Temporal several milliseconds of CPU, which the requests need when both share a machine.
 * The queue is started as soon as the burst is over; an order that has waited `maxDeferMs` is started
 * however busy the process is, so under sustained load the API slows down rather than orders waiting.
 */
export class OrderWorkflowRelay {
  private readonly queue: QueuedOrder[] = [];
  /** Ids of the queued orders nobody has started since (a sweep or a refresh may start one first). */
  private readonly queued = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private running = 0;
  private closed = false;
  /** Set by a failed start, cleared by the next success: one warning per outage, not one per order. */
  private failing = false;
  private readonly toMark: string[] = [];
  private marking: Promise<void> | null = null;
  /** The next look at a held-back queue, while there is one. */
  private recheck: NodeJS.Timeout | null = null;

  constructor(
    private readonly workflows: OrderWorkflowStarter,
    private readonly confirmationEmails: ConfirmationEmailStarter,
    private readonly orders: Pick<UnstartedOrderRepository, 'markStarted'>,
    private readonly logger: AppLogger,
    private readonly options: OrderWorkflowRelayOptions = DEFAULT_RELAY_OPTIONS,
    private readonly load: ForegroundLoad = NO_FOREGROUND_LOAD,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** After the order's commit: its workflows start soon, the caller does not wait. */
  submit(order: UnstartedOrder): void {
    if (this.closed || this.queue.length >= this.options.maxQueued) return; // the sweep will start it
    this.queue.push({ order, queuedAt: this.clock() });
    this.queued.add(order.orderid);
    this.pump();
  }

  /**
   * Before a request that talks to the order's workflow (refresh, upload): starts the workflows now when
   * the order's row says they are not started yet. Rejects with `dependency_unavailable` (503) when
   * Temporal does not take them.
   */
  async ensureStarted(
    order: Pick<OrderEntity, 'orderid' | 'externalId' | 'testMode' | 'createdAt' | 'workflowStartedAt'>,
    account: string,
  ): Promise<void> {
    if (order.workflowStartedAt !== null) return;
    const { orderid, externalId, testMode, createdAt } = order;
    try {
      await this.startWorkflows({ orderid, account, externalId, testMode, createdAt });
    } catch (error) {
      throw new DomainError('dependency_unavailable', {}, undefined, error);
    }
    this.recordStarted(orderid);
  }

  /**
   * Starts the order's workflows, or joins their start already in flight in this process. Records
   * nothing: the caller does (the sweep in its own transaction).
   */
  startWorkflows(order: UnstartedOrder): Promise<void> {
    this.queued.delete(order.orderid);
    let pending = this.inFlight.get(order.orderid);
    if (!pending) {
      pending = this.startBoth(order).finally(() => this.inFlight.delete(order.orderid));
      this.inFlight.set(order.orderid, pending);
    }
    return pending;
  }

  /**
   * Shutdown: takes nothing more, leaves the queued orders to the sweep, and waits for the starts in
   * flight (bounded by the start timeout) and for their records.
   */
  async drain(): Promise<void> {
    this.closed = true;
    if (this.recheck) clearTimeout(this.recheck);
    this.recheck = null;
    const left = this.dropQueue();
    if (left > 0) this.logger.info({ orders: left }, 'Order workflow starts left to the recovery sweep');
    await Promise.allSettled([...this.inFlight.values()]);
    while (this.marking) await this.marking;
  }

  private async startBoth(order: UnstartedOrder): Promise<void> {
    const { orderid, account, externalId, testMode } = order;
    // Both settled before answering: a start still retrying when the process closes its connection
    // would fail outside any caller.
    const outcomes = await Promise.allSettled([
      this.workflows.start({ orderid, account, externalId, testMode }),
      // Test-mode orders never send a confirmation email.
      testMode ? null : this.confirmationEmails.start({ orderid, account, requestedAt: order.createdAt }),
    ]);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const { order, queuedAt } = this.queue[0]!;
      if (this.queued.has(order.orderid) && this.holdsBack(queuedAt)) return;
      this.queue.shift();
      if (!this.queued.delete(order.orderid)) continue; // started meanwhile by the sweep or a request
      this.running++;
      this.startWorkflows(order)
        .then(
          () => {
            this.failing = false;
            this.recordStarted(order.orderid);
          },
          (error: unknown) => this.onStartFailed(order, error),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }

  /**
   * Whether the oldest queued order waits: the process is busy and it has not waited `maxDeferMs` yet.
   * If so, the relay looks again shortly (or when it is due).
   */
  private holdsBack(queuedAt: number): boolean {
    const waitedMs = this.clock() - queuedAt;
    if (waitedMs >= this.options.maxDeferMs || !this.load.busy()) return false;
    this.recheck ??= setTimeout(
      () => {
        this.recheck = null;
        this.pump();
      },
      Math.min(BUSY_RECHECK_MS, this.options.maxDeferMs - waitedMs),
    );
    // The API's server keeps the process alive, not this timer.
    this.recheck.unref();
    return true;
  }

  private onStartFailed(order: UnstartedOrder, error: unknown): void {
    // Most likely Temporal is unreachable: the queued orders would each wait out the start timeout
    // the same way. The sweep starts them all once it answers again.
    const left = this.dropQueue();
    if (this.failing) return;
    this.failing = true;
    this.logger.warn(
      { err: error, orderid: order.orderid, left },
      'Could not start order workflows: the recovery sweep will start them',
    );
  }

  /** Forgets the queued orders (the sweep starts them); returns how many there were. */
  private dropQueue(): number {
    this.queue.length = 0;
    const left = this.queued.size;
    this.queued.clear();
    return left;
  }

  private recordStarted(orderid: string): void {
    this.toMark.push(orderid);
    this.flushMarks();
  }

  /** One UPDATE for every start that finished while the previous one ran. */
  private flushMarks(): void {
    if (this.marking || this.toMark.length === 0) return;
    const batch = this.toMark.splice(0, MAX_MARK_BATCH);
    this.marking = this.orders
      .markStarted(batch)
      .catch((error: unknown) => {
        // Started but not recorded: the sweep starts them again, which counts as already started.
        this.logger.warn({ err: error, orders: batch.length }, 'Could not record order workflows as started');
      })
      .finally(() => {
        this.marking = null;
        this.flushMarks();
      });
  }
}
