import { type ExtranetConnectorRegistry } from '@libs/extranet/extranet-connector.registry';
import { OrderNotFoundForProcessingError } from '@libs/orders/collection/order-processing.errors';
import { type OrderRepository } from '@libs/orders/order.repository';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AssistanceReason } from './fulfilment-mode';
import { routeFulfilment } from './fulfilment-routing';
import { type FulfilmentDecision } from './fulfilment-workflow.contract';

/**
 * Decides and records, for the order workflow, how each collection round of a live order is fulfilled
 * (docs/contract.md §9): the mode on the order and, when operators take it over, why and since when, with
 * an event in its history (the client is told nothing). Idempotent per round and reason.
 */
export class FulfilmentRouter {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly connectors: Pick<ExtranetConnectorRegistry, 'serves'>,
  ) {}

  /** Routes a collection round of a live order (fulfilment-routing.ts) and records the decision. */
  async route(orderid: string, version: number, at: Date): Promise<FulfilmentDecision> {
    const order = await this.orders.findById(orderid);
    if (!order) throw new OrderNotFoundForProcessingError(`Order ${orderid} does not exist`);
    const decision = routeFulfilment({
      testMode: order.testMode,
      method: order.method,
      hasCredentials: order.syndicUsername !== null && order.syndicPasswordSealed !== null,
      servedByConnector:
        order.syndicName !== null &&
        this.connectors.serves({
          syndic: { name: order.syndicName, url: order.syndicUrl ?? undefined },
          testMode: order.testMode,
        }),
    });
    return this.record(orderid, version, decision, at);
  }

  /** The round is handed to operators (a blocked collection, a failed connector, refused credentials). */
  async assist(
    orderid: string,
    version: number,
    reason: AssistanceReason,
    detail: string,
    at: Date,
  ): Promise<void> {
    await this.record(orderid, version, { mode: 'assisted', reason, detail }, at);
  }

  /** Records the decision, and returns the round's mode as it stands then. */
  private async record(
    orderid: string,
    version: number,
    decision: FulfilmentDecision,
    at: Date,
  ): Promise<FulfilmentDecision> {
    return this.transactions.transaction(async (tx) => {
      const order = await this.orders.findLocked(tx, orderid);
      if (!order || order.version !== version) return decision;
      if (decision.mode === 'automatic') {
        // An operator switched this round to assisted while it was being routed: theirs is the last
        // word (a hand back or a refresh routes it again).
        if (order.fulfilmentMode === 'assisted' && order.assistanceReason === 'operator_switch') {
          return { mode: 'assisted', reason: 'operator_switch', detail: order.assistanceDetail };
        }
        if (order.fulfilmentMode !== 'automatic') {
          await this.orders.update(tx, orderid, {
            fulfilmentMode: 'automatic',
            assistanceReason: null,
            assistanceDetail: null,
            assistedSince: null,
          });
        }
        return decision;
      }
      // Once per round and reason: a retried recording finds it done.
      if (order.fulfilmentMode === 'assisted' && order.assistanceReason === decision.reason) return decision;
      await this.orders.update(tx, orderid, {
        fulfilmentMode: 'assisted',
        assistanceReason: decision.reason,
        assistanceDetail: decision.detail,
        assistedSince: at,
      });
      await this.orders.insertEvent(tx, {
        orderid,
        fromState: order.state,
        toState: order.state,
        trigger: 'fulfilment-assisted',
        detail: { reason: decision.reason, detail: decision.detail },
        at,
      });
      return decision;
    });
  }
}
