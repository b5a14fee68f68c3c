import {
  ApplicationFailure,
  CancellationScope,
  ActivityFailure,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  defineUpdate,
  isCancellation,
  allHandlersFinished,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { OrderActivities } from '@activities/order.activities';
import { type Doctype } from '@libs/orders/doctype';
import { type OrderState, type OrderTrigger, nextState } from '@libs/orders/order-state';
import { type CollectionBlock } from '@libs/orders/collection/collection-block';
import {
  COLLECTION_BLOCKED_FAILURE,
  CREDENTIALS_REFUSED_FAILURE,
  type CarriedOrderState,
  DEFAULT_EXTRANET_HEARTBEAT_TIMEOUT_MS,
  DOCUMENTS_UPLOADED_SIGNAL,
  ORDER_STATE_QUERY,
  type OrderWorkflowInput,
  REFRESH_REJECTED_CLOSED,
  REFRESH_UPDATE,
  type RefreshUpdateArgs,
} from '@libs/orders/order-workflow.contract';
import { ORDER_SEARCH_ATTRIBUTES } from '@libs/orders/search-attributes';
import { type OrderRecord } from '@libs/orders/order-record';
import { TransitionTurns } from './transition-turns';

export const orderStateQuery = defineQuery<OrderState>(ORDER_STATE_QUERY);
export const documentsUploadedSignal = defineSignal<[]>(DOCUMENTS_UPLOADED_SIGNAL);
export const refreshUpdate = defineUpdate<OrderRecord, [RefreshUpdateArgs]>(REFRESH_UPDATE);

// Database steps (and the PDF) run as local activities: short, in the worker that runs the workflow
// task, without a round trip through the Temporal server for each.
const local = proxyLocalActivities<OrderActivities>({
  startToCloseTimeout: '2m',
  localRetryThreshold: '10s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});

/** Keeps each run's history small; a long wait or a long notification retry continues as new. */
const MAX_HISTORY_EVENTS = 5000;

type Outcome = 'idle' | 'continue-as-new';

/**
 * One workflow per order (`order-<orderid>`): collection from the extranet (or uploads), waiting for
 * missing documents, the pre-statement, refreshes for as long as the refresh window lasts. Each
 * transition's notification is handed to the order's notification queue (its own workflow), so a
 * failing callback never holds processing up.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<void> {
  const { orderid, account, settings } = input;
  // The extranet may be down for hours: retried with backoff, never given up on by the workflow. Only
  // the failures the activities classify as permanent are not retried (see the collection block below).
  const extranetRetry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '10m' } as const;
  // The steps heartbeat while they run: a step whose worker died is retried after this, not after its
  // whole start-to-close timeout.
  const heartbeatTimeout = settings.extranetHeartbeatTimeoutMs ?? DEFAULT_EXTRANET_HEARTBEAT_TIMEOUT_MS;
  const extranet = proxyActivities<OrderActivities>({
    startToCloseTimeout: settings.extranetActivityTimeoutMs,
    heartbeatTimeout,
    retry: extranetRetry,
  });
  const downloads = proxyActivities<OrderActivities>({
    startToCloseTimeout: settings.extranetActivityTimeoutMs * 5,
    heartbeatTimeout,
    retry: extranetRetry,
  });
  const c: CarriedOrderState = input.carried ?? {
    state: 'confirmed',
    version: 1,
    waitingSince: null,
    doneAt: null,
    credentialsRefused: false,
  };
  let restartRequested = false;
  let uploadsArrived = false;
  const turns = new TransitionTurns();
  let closing = false;
  let collection: CancellationScope | null = null;
  // The creation's `confirmed` notification heads the order's queue: its turn is taken before the
  // refresh handler exists (a refresh sent with the start runs as soon as it is registered) and so
  // before any transition. Only the first run of a new order does it, once.
  const creationQueued =
    input.queuesConfirmedNotification && input.carried === undefined
      ? turns.run(() => local.queueCreationNotification({ orderid, account }))
      : null;

  setHandler(orderStateQuery, () => c.state);
  setHandler(documentsUploadedSignal, () => {
    uploadsArrived = true;
  });
  setHandler(
    refreshUpdate,
    // Transitions are serialised so notifications are queued in the order of the state changes.
    ({ refreshRequestId }) =>
      turns.run(async () => {
        const applied = await local.applyRefresh(orderid, refreshRequestId, Date.now());
        if (applied.notificationId !== null) {
          c.version = applied.version;
          c.state = 'need-refresh';
          c.waitingSince = null;
          c.doneAt = null;
          c.credentialsRefused = false;
          c.collectionBlocked = false;
          await local.queueNotification({ orderid, account, notificationId: applied.notificationId });
          upsertSearchAttributes([{ key: ORDER_SEARCH_ATTRIBUTES.orderState, value: c.state }]);
          // A refresh while collecting restarts collection with the new parameters.
          restartRequested = true;
          collection?.cancel();
        }
        return applied.record;
      }),
    {
      validator: (args: RefreshUpdateArgs) => {
        if (typeof args?.refreshRequestId !== 'string') throw new Error('refreshRequestId is required');
        if (closing || (c.doneAt !== null && Date.now() > c.doneAt + settings.refreshWindowMs)) {
          throw ApplicationFailure.create({
            type: REFRESH_REJECTED_CLOSED,
            message: 'The refresh window is over',
          });
        }
      },
    },
  );

  async function transition(trigger: OrderTrigger, detail: Record<string, unknown> = {}): Promise<void> {
    await turns.run(async () => {
      // A refresh applied meanwhile superseded this version: the collection is about to restart.
      if (restartRequested) throw new ApplicationFailure('superseded by a refresh', 'Superseded');
      const from = c.state;
      const to = nextState(from, trigger);
      // Not cancellable: once the transition is persisted its notification must be queued.
      const recorded = await CancellationScope.nonCancellable(async () => {
        const r = await local.recordTransition({
          orderid,
          version: c.version,
          from,
          to,
          trigger,
          detail,
        });
        if (r !== null) await local.queueNotification({ orderid, account, notificationId: r.notificationId });
        return r;
      });
      if (recorded === null) return;
      c.state = to;
      upsertSearchAttributes([{ key: ORDER_SEARCH_ATTRIBUTES.orderState, value: to }]);
    });
  }

  async function collectDocuments(version: number, method: 'extranet' | 'upload'): Promise<Doctype[]> {
    if (method === 'extranet') {
      const listed = await extranet.listExtranetDocuments(orderid);
      if (listed.length > 0) await downloads.downloadExtranetDocuments(orderid, version, listed);
    }
    return local.findMissingDocuments(orderid, version);
  }

  async function finish(version: number): Promise<void> {
    await local.generatePreStatement(orderid, version, Date.now());
    await transition('pre-statement-generated');
    c.doneAt = Date.now();
  }

  /** Drives the order from its current state until it rests (done, or waiting for a refresh). */
  async function advance(): Promise<Outcome> {
    const { method, version } = await local.loadOrderSnapshot(orderid);
    c.version = version;
    for (;;) {
      switch (c.state) {
        case 'confirmed':
        case 'need-refresh': {
          if (method === 'extranet') {
            try {
              await extranet.verifyExtranetLogin(orderid);
            } catch (error) {
              if (!isCredentialsRefused(error)) throw error;
              c.credentialsRefused = true;
              await transition('credentials-refused', { reason: 'extranet_credentials_refused' });
              return 'idle';
            }
            await extranet.collectAccountStatement(orderid, version);
          }
          await transition('collection-started');
          break;
        }
        case 'received': {
          const missing = await collectDocuments(version, method);
          if (missing.length === 0) {
            await finish(version);
          } else {
            await transition('documents-missing', { missing_doctypes: missing });
            c.waitingSince = Date.now();
          }
          break;
        }
        case 'waiting': {
          if (c.credentialsRefused) return 'idle';
          const result = await waitForDocuments(version, method);
          if (result === 'continue-as-new') return result;
          await transition(result.length === 0 ? 'documents-arrived' : 'waiting-deadline-reached', {
            missing_doctypes: result,
          });
          c.waitingSince = null;
          await finish(version);
          break;
        }
        case 'done':
          return 'idle';
      }
    }
  }

  /** Polls the extranet on schedule (uploads wake it at once) until nothing is missing or the deadline. */
  async function waitForDocuments(
    version: number,
    method: 'extranet' | 'upload',
  ): Promise<Doctype[] | 'continue-as-new'> {
    const deadline = (c.waitingSince ?? Date.now()) + settings.waitingDeadlineMs;
    for (;;) {
      if (historyIsLong()) return 'continue-as-new';
      const remaining = deadline - Date.now();
      if (remaining <= 0) return collectDocuments(version, method);
      uploadsArrived = false;
      await condition(() => uploadsArrived, Math.min(settings.pollIntervalMs, remaining));
      const missing = await collectDocuments(version, method);
      if (missing.length === 0) return missing;
    }
  }

  function historyIsLong(): boolean {
    const info = workflowInfo();
    return info.continueAsNewSuggested || info.historyLength > MAX_HISTORY_EVENTS;
  }

  async function continueAsNewWithState(): Promise<never> {
    await condition(allHandlersFinished);
    return continueAsNew<typeof orderWorkflow>({ ...input, carried: c });
  }

  await creationQueued;
  for (;;) {
    if (c.state === 'done' && c.doneAt !== null) {
      const windowLeft = c.doneAt + settings.refreshWindowMs - Date.now();
      const refreshed = await condition(() => restartRequested || historyIsLong(), Math.max(windowLeft, 1));
      if (!refreshed) break;
      if (!restartRequested) await continueAsNewWithState();
    } else if (c.credentialsRefused || c.collectionBlocked) {
      await condition(() => restartRequested || historyIsLong());
      if (!restartRequested) await continueAsNewWithState();
    }
    restartRequested = false;
    collection = new CancellationScope();
    try {
      const outcome = await collection.run(advance);
      if (outcome === 'continue-as-new') await continueAsNewWithState();
    } catch (error) {
      if (restartRequested && (isCancellation(error) || isSuperseded(error))) continue;
      const block = collectionBlockOf(error);
      if (block === null) throw error;
      // A round a refresh has superseded meanwhile is not blocked: the new one starts at once.
      if (restartRequested) continue;
      // No state change and nothing sent to the client: the order waits, visibly to operators, for a
      // refresh that gives it a way to its extranet (a syndic.url, credentials).
      await local.recordCollectionBlocked({ orderid, version: c.version, block });
      c.collectionBlocked = !restartRequested;
    } finally {
      collection = null;
    }
  }

  // The refresh window is over: no refresh is accepted any more; close once handlers are done.
  closing = true;
  await condition(allHandlersFinished);
}

function isCredentialsRefused(error: unknown): boolean {
  return (
    error instanceof ActivityFailure &&
    error.cause instanceof ApplicationFailure &&
    error.cause.type === CREDENTIALS_REFUSED_FAILURE
  );
}

/** Why the collection is blocked, when `error` is an activity's permanent `CollectionBlocked` failure. */
function collectionBlockOf(error: unknown): CollectionBlock | null {
  if (
    !(error instanceof ActivityFailure) ||
    !(error.cause instanceof ApplicationFailure) ||
    error.cause.type !== COLLECTION_BLOCKED_FAILURE
  ) {
    return null;
  }
  const [block] = error.cause.details ?? [];
  return block as CollectionBlock;
}

function isSuperseded(error: unknown): boolean {
  return error instanceof ApplicationFailure && error.type === 'Superseded';
}
