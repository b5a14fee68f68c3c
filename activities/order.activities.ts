import { heartbeat, log } from '@temporalio/activity';
import { type CollectionBlock } from '@libs/orders/collection/collection-block';
import { type Doctype } from '@libs/orders/doctype';
import { type OrderState } from '@libs/orders/order-state';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { type NotificationWorkflowStarter } from '@libs/notifications/notification-workflow-starter';
import { type OrderRecord } from '@libs/orders/order-record';
import { type OrderRepository } from '@libs/orders/order.repository';
import { type OrderCollectionService } from '@libs/orders/collection/order-collection.service';
import { type OrderRefreshApplicationService } from '@libs/orders/refresh/order-refresh-application.service';
import { OrderNotFoundForProcessingError } from '@libs/orders/collection/order-processing.errors';
import { type PreStatementGenerationService } from '@libs/pre-statement/pre-statement-generation.service';
import { type AssistanceReason } from '@libs/fulfilment/fulfilment-mode';
import { type FulfilmentDecision } from '@libs/fulfilment/fulfilment-workflow.contract';
import { type FulfilmentRouter } from '@libs/fulfilment/fulfilment-router';
import { type OperatorActionRecorder, type OperatorChange } from '@libs/fulfilment/operator-action.recorder';
import { type OperatorIdentity } from '@libs/operators/operator-identity';
import { whileHeartbeating } from './heartbeating';
import { withFailureClassification } from './activity-failure';

export interface OrderActivityDependencies {
  orders: OrderRepository;
  collection: OrderCollectionService;
  refreshes: OrderRefreshApplicationService;
  preStatements: PreStatementGenerationService;
  /** Hands each transition's notification to the order's notification queue. */
  notificationQueue: Pick<NotificationWorkflowStarter, 'enqueue'>;
  /** How each collection round is fulfilled. */
  fulfilment: FulfilmentRouter;
  /** What operators do to the order. */
  operatorActions: OperatorActionRecorder;
}

export interface OrderSnapshot {
  method: 'extranet' | 'upload';
  version: number;
}

export interface TransitionRequest {
  orderid: string;
  version: number;
  from: OrderState;
  to: OrderState;
  trigger: string;
  detail: Record<string, unknown>;
}

export interface CollectionBlockRequest {
  orderid: string;
  version: number;
  block: CollectionBlock;
}

export interface AssistanceRequest {
  orderid: string;
  version: number;
  reason: AssistanceReason;
  /** For operators, in English; never a secret. */
  detail: string;
}

export interface OperatorActionRequest {
  orderid: string;
  version: number;
  operator: OperatorIdentity;
  /** The update's id: the recording is idempotent under it. */
  key: string;
  change: OperatorChange;
}

/**
 * The order workflow's activities: thin adapters over the libs/ services (the same ones the API
 * uses), taking and returning only non-secret data. Each one's failures are classified in one place
 * (`withFailureClassification`): permanent ones are non-retryable, with a type the workflow acts on.
 * The extranet steps heartbeat while they run.
 */
export function createOrderActivities(deps: OrderActivityDependencies) {
  const extranetStep = <T>(work: () => Promise<T>) =>
    withFailureClassification(() => whileHeartbeating(work));
  return {
    async loadOrderSnapshot(orderid: string): Promise<OrderSnapshot> {
      return withFailureClassification(async () => {
        const order = await deps.orders.findById(orderid);
        if (!order) throw new OrderNotFoundForProcessingError(`Order ${orderid} does not exist`);
        return { method: order.method, version: order.version };
      });
    },

    async verifyExtranetLogin(orderid: string): Promise<void> {
      await extranetStep(() => deps.collection.verifyLogin(orderid));
    },

    async collectAccountStatement(orderid: string, version: number): Promise<void> {
      await extranetStep(() => deps.collection.collectStatement(orderid, version));
    },

    /** `version` is absent from the steps that runs scheduled before it was passed. */
    async listExtranetDocuments(orderid: string, version?: number): Promise<ExtranetDocument[]> {
      return extranetStep(() => deps.collection.listDocuments(orderid, version));
    },

    async downloadExtranetDocuments(
      orderid: string,
      version: number,
      documents: ExtranetDocument[],
    ): Promise<void> {
      // Heartbeats also report progress; a retry skips what is already stored.
      const refused = await extranetStep(() =>
        deps.collection.downloadDocuments(orderid, version, documents, (done) => heartbeat(done)),
      );
      for (const { documentId, doctype, problem } of refused) {
        // Not kept: the document stays missing, and the next poll fetches it again.
        log.warn('Extranet document not kept', { orderid, version, documentId, doctype, problem });
      }
    },

    async findMissingDocuments(orderid: string, version: number): Promise<Doctype[]> {
      return withFailureClassification(() => deps.collection.missingDoctypes(orderid, version));
    },

    /** The order's collection cannot go on: its reason and event, for operators (once per version). */
    async recordCollectionBlocked(request: CollectionBlockRequest): Promise<void> {
      await withFailureClassification(() =>
        deps.orders.recordCollectionBlocked(request.orderid, request.version, request.block, new Date()),
      );
    },

    /** How this round of a live order is fulfilled (libs/fulfilment/fulfilment-routing.ts), recorded. */
    async routeFulfilment(orderid: string, version: number): Promise<FulfilmentDecision> {
      return withFailureClassification(() => deps.fulfilment.route(orderid, version, new Date()));
    },

    /** Hands the round to operators, with the reason shown in their work queue (once per reason). */
    async assistFulfilment(request: AssistanceRequest): Promise<void> {
      await withFailureClassification(() =>
        deps.fulfilment.assist(request.orderid, request.version, request.reason, request.detail, new Date()),
      );
    },

    /** An operator's action: its change, an event and an audit entry, once per update. */
    async recordOperatorAction(request: OperatorActionRequest): Promise<boolean> {
      return withFailureClassification(() => deps.operatorActions.record({ ...request, at: new Date() }));
    },

    async recordTransition(t: TransitionRequest): Promise<{ notificationId: string } | null> {
      return withFailureClassification(() =>
        deps.orders.recordTransition({
          orderid: t.orderid,
          version: t.version,
          fromState: t.from,
          toState: t.to,
          trigger: t.trigger,
          detail: t.detail,
          // The moment the change is committed, not the workflow task's start: a PDF generated in the
          // same task came before it, and `updated` and the notification's age are the client's view.
          at: new Date(),
        }),
      );
    },

    async applyRefresh(
      orderid: string,
      refreshRequestId: string,
      at: number,
    ): Promise<{ record: OrderRecord; version: number; notificationId: string | null }> {
      return withFailureClassification(() => deps.refreshes.apply(orderid, refreshRequestId, new Date(at)));
    },

    async generatePreStatement(orderid: string, version: number, issuedAt: number): Promise<void> {
      await withFailureClassification(() =>
        deps.preStatements.generate(orderid, version, new Date(issuedAt)),
      );
    },

    /** Idempotent: the queue takes a notification once, however often it is queued. */
    async queueNotification(target: { orderid: string; account: string; notificationId: string }) {
      await withFailureClassification(() => deps.notificationQueue.enqueue(target));
    },

    /** Queues the creation's `confirmed` notification; orders created without one have none to queue. */
    async queueCreationNotification(order: { orderid: string; account: string }): Promise<void> {
      await withFailureClassification(async () => {
        const notificationId = await deps.orders.findCreationNotificationId(order.orderid);
        if (notificationId !== null) await deps.notificationQueue.enqueue({ ...order, notificationId });
      });
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
