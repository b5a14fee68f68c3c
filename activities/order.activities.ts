import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import { type Doctype } from '../libs/domain/doctype';
import { CREDENTIALS_REFUSED_FAILURE } from '../libs/domain/order-workflow.contract';
import { type OrderState } from '../libs/domain/order-state';
import { ExtranetCredentialsRefusedError } from '../libs/extranet/extranet-errors';
import { type ExtranetDocument } from '../libs/extranet/extranet-document';
import { type NotificationWorkflowStarter } from '../libs/notifications/notification-workflow-starter';
import { type OrderRecord } from '../libs/orders/order-record';
import { type OrderRepository } from '../libs/persistence/repositories/order.repository';
import { type OrderCollectionService } from '../libs/processing/order-collection.service';
import { type OrderRefreshApplicationService } from '../libs/processing/order-refresh-application.service';
import { type PreStatementGenerationService } from '../libs/processing/pre-statement-generation.service';

export interface OrderActivityDependencies {
  orders: OrderRepository;
  collection: OrderCollectionService;
  refreshes: OrderRefreshApplicationService;
  preStatements: PreStatementGenerationService;
  /** Hands each transition's notification to the order's notification queue. */
  notificationQueue: Pick<NotificationWorkflowStarter, 'enqueue'>;
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

/**
 * The order workflow's activities: thin adapters over the libs/ services (the same ones the API
 * uses), taking and returning only non-secret data.
 */
export function createOrderActivities(deps: OrderActivityDependencies) {
  return {
    async loadOrderSnapshot(orderid: string): Promise<OrderSnapshot> {
      const order = await deps.orders.findById(orderid);
      if (!order) throw ApplicationFailure.nonRetryable(`Order ${orderid} does not exist`, 'OrderNotFound');
      return { method: order.method, version: order.version };
    },

    async verifyExtranetLogin(orderid: string): Promise<void> {
      try {
        await deps.collection.verifyLogin(orderid);
      } catch (error) {
        // Refused credentials will not get better by retrying: the order waits for a refresh.
        if (error instanceof ExtranetCredentialsRefusedError) {
          throw ApplicationFailure.nonRetryable(error.message, CREDENTIALS_REFUSED_FAILURE);
        }
        throw error;
      }
    },

    async collectAccountStatement(orderid: string, version: number): Promise<void> {
      await deps.collection.collectStatement(orderid, version);
    },

    async listExtranetDocuments(orderid: string): Promise<ExtranetDocument[]> {
      return deps.collection.listDocuments(orderid);
    },

    async downloadExtranetDocuments(
      orderid: string,
      version: number,
      documents: ExtranetDocument[],
    ): Promise<void> {
      // Heartbeats report progress; a retry skips what is already stored.
      await deps.collection.downloadDocuments(orderid, version, documents, (done) => heartbeat(done));
    },

    async findMissingDocuments(orderid: string, version: number): Promise<Doctype[]> {
      return deps.collection.missingDoctypes(orderid, version);
    },

    async recordTransition(t: TransitionRequest): Promise<{ notificationId: string } | null> {
      return deps.orders.recordTransition({
        orderid: t.orderid,
        version: t.version,
        fromState: t.from,
        toState: t.to,
        trigger: t.trigger,
        detail: t.detail,
        // The moment the change is committed, not the workflow task's start: a PDF generated in the
        // same task came before it, and `updated` and the notification's age are the client's view.
        at: new Date(),
      });
    },

    async applyRefresh(
      orderid: string,
      refreshRequestId: string,
      at: number,
    ): Promise<{ record: OrderRecord; version: number; notificationId: string | null }> {
      return deps.refreshes.apply(orderid, refreshRequestId, new Date(at));
    },

    async generatePreStatement(orderid: string, version: number, issuedAt: number): Promise<void> {
      await deps.preStatements.generate(orderid, version, new Date(issuedAt));
    },

    /** Idempotent: the queue takes a notification once, however often it is queued. */
    async queueNotification(target: { orderid: string; account: string; notificationId: string }) {
      await deps.notificationQueue.enqueue(target);
    },

    /** Queues the creation's `confirmed` notification; orders created without one have none to queue. */
    async queueCreationNotification(order: { orderid: string; account: string }): Promise<void> {
      const notificationId = await deps.orders.findCreationNotificationId(order.orderid);
      if (notificationId !== null) await deps.notificationQueue.enqueue({ ...order, notificationId });
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
