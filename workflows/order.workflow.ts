import {
  ApplicationFailure,
  CancellationScope,
  ActivityFailure,
  condition,
  continueAsNew,
  currentUpdateInfo,
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
import {
  type OrderState,
  type OrderTrigger,
  canTransition,
  nextState,
  refreshWindowOver,
} from '@libs/orders/order-state';
import { type CollectionBlock } from '@libs/orders/collection/collection-block';
import {
  COLLECTION_BLOCKED_FAILURE,
  CREDENTIALS_REFUSED_FAILURE,
  type CarriedOrderState,
  DEFAULT_EXTRANET_HEARTBEAT_TIMEOUT_MS,
  DOCUMENTS_UPLOADED_SIGNAL,
  ORDER_NOT_FOUND_FAILURE,
  ORDER_STATE_QUERY,
  type OrderWorkflowInput,
  REFRESH_REJECTED_CLOSED,
  REFRESH_UPDATE,
  type RefreshUpdateArgs,
} from '@libs/orders/order-workflow.contract';
import { ORDER_SEARCH_ATTRIBUTES } from '@libs/orders/search-attributes';
import { type OrderRecord } from '@libs/orders/order-record';
import { type AssistanceReason } from '@libs/fulfilment/fulfilment-mode';
import { type OperatorChange } from '@libs/fulfilment/operator-action.recorder';
import {
  ATTACH_DOCUMENTS_UPDATE,
  type AttachDocumentsArgs,
  CANCEL_UPDATE,
  type CancelFulfilmentArgs,
  FILE_STATEMENT_UPDATE,
  type FileStatementArgs,
  type FulfilmentStatus,
  HAND_BACK_UPDATE,
  MARK_DOCUMENT_EXISTENCE_UPDATE,
  type MarkDocumentExistenceArgs,
  OPERATOR_ACTION_REFUSED,
  type OperatorActionArgs,
  type OperatorRefusal,
  RELEASE_UPDATE,
  SWITCH_TO_ASSISTED_UPDATE,
  type SwitchToAssistedArgs,
} from '@libs/fulfilment/fulfilment-workflow.contract';
import { type OperatorActionKind } from '@libs/fulfilment/operator-action';
import { type OperatorActionRequestView, operatorRefusal } from '@libs/fulfilment/operator-action-rules';
import { type OperatorIdentity } from '@libs/operators/operator-identity';
import { validateStatement } from '@libs/statement/statement.validator';
import { TransitionTurns } from './transition-turns';

export const orderStateQuery = defineQuery<OrderState>(ORDER_STATE_QUERY);
export const documentsUploadedSignal = defineSignal<[]>(DOCUMENTS_UPLOADED_SIGNAL);
export const refreshUpdate = defineUpdate<OrderRecord, [RefreshUpdateArgs]>(REFRESH_UPDATE);
export const fileStatementUpdate = defineUpdate<FulfilmentStatus, [FileStatementArgs]>(FILE_STATEMENT_UPDATE);
export const attachDocumentsUpdate = defineUpdate<FulfilmentStatus, [AttachDocumentsArgs]>(
  ATTACH_DOCUMENTS_UPDATE,
);
export const markDocumentExistenceUpdate = defineUpdate<FulfilmentStatus, [MarkDocumentExistenceArgs]>(
  MARK_DOCUMENT_EXISTENCE_UPDATE,
);
export const releaseUpdate = defineUpdate<FulfilmentStatus, [OperatorActionArgs]>(RELEASE_UPDATE);
export const handBackUpdate = defineUpdate<FulfilmentStatus, [OperatorActionArgs]>(HAND_BACK_UPDATE);
export const switchToAssistedUpdate = defineUpdate<FulfilmentStatus, [SwitchToAssistedArgs]>(
  SWITCH_TO_ASSISTED_UPDATE,
);
export const cancelFulfilmentUpdate = defineUpdate<FulfilmentStatus, [CancelFulfilmentArgs]>(CANCEL_UPDATE);

/** The extranet steps: what ends one of them for good is the connector failing (assisted fulfilment). */
const EXTRANET_STEPS: ReadonlySet<string> = new Set([
  'verifyExtranetLogin',
  'collectAccountStatement',
  'listExtranetDocuments',
  'downloadExtranetDocuments',
]);

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
 * failing callback never holds processing up. A live order no connector can serve is fulfilled by the
 * provider's operators (docs/contract.md §9): their actions are this workflow's updates, and the client
 * sees the same states and notifications as for an automatic order.
 */
export async function orderWorkflow(input: OrderWorkflowInput): Promise<void> {
  const { orderid, account, settings } = input;
  // Runs started before assisted fulfilment keep their history's behaviour; test mode is the sandbox's.
  const routes = input.routesFulfilment === true && !input.testMode;
  // The extranet may be down for hours: retried with backoff. Only the failures the activities classify
  // as permanent are not retried; where orders are routed, a step still failing after the give-up
  // delay means the connector failed, and operators take the order over.
  const extranetRetry = { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '10m' } as const;
  // The steps heartbeat while they run: a step whose worker died is retried after this, not after its
  // whole start-to-close timeout.
  const heartbeatTimeout = settings.extranetHeartbeatTimeoutMs ?? DEFAULT_EXTRANET_HEARTBEAT_TIMEOUT_MS;
  const giveUp =
    routes && settings.connectorGiveUpMs !== undefined
      ? { scheduleToCloseTimeout: settings.connectorGiveUpMs }
      : {};
  const extranet = proxyActivities<OrderActivities>({
    startToCloseTimeout: settings.extranetActivityTimeoutMs,
    heartbeatTimeout,
    retry: extranetRetry,
    ...giveUp,
  });
  const downloads = proxyActivities<OrderActivities>({
    startToCloseTimeout: settings.extranetActivityTimeoutMs * 5,
    heartbeatTimeout,
    retry: extranetRetry,
    ...giveUp,
  });
  const c: CarriedOrderState = input.carried ?? {
    state: 'confirmed',
    version: 1,
    waitingSince: null,
    doneAt: null,
    credentialsRefused: false,
  };
  /** A new collection round must start (a refresh, an operator's hand back). */
  let restartRequested = false;
  /**
   * The running collection was cancelled on purpose (a refresh, an operator's switch or cancellation);
   * reset as each round starts.
   */
  let interrupted: boolean;
  let uploadsArrived = false;
  const turns = new TransitionTurns();
  /**
   * A local step of the collection; in its turn on runs started since `localStepsTakeTurns`. Handlers
   * cancel the collection in their own turn only, so never while one of these runs: cancelling a local
   * activity that completes while the worker runs the handler's activation fails the workflow task
   * (Core has recorded the result, and refuses the cancellation: "Invalid transition in state
   * machine"). Activities and timers take a late cancellation in their stride.
   */
  const localStep = <T>(run: () => Promise<T>): Promise<T> =>
    input.localStepsTakeTurns === true ? turns.run(run) : run();
  let closing = false;
  let collection: CancellationScope | null = null;
  // The creation's `confirmed` notification heads the order's queue: its turn is taken before the
  // refresh handler exists (a refresh sent with the start runs as soon as it is registered) and so
  // before any transition. Only the first run of a new order does it, once.
  const creationQueued =
    input.queuesConfirmedNotification && input.carried === undefined
      ? turns.run(() => local.queueCreationNotification({ orderid, account }))
      : null;

  /** Operators fulfil the round (a blocked collection of an earlier run is theirs too). */
  const isAssisted = () => c.fulfilment === 'assisted' || c.collectionBlocked === true;
  /** The round has its account statement: collected by a connector, or filed by an operator. */
  const hasStatement = () =>
    c.state === 'received' || c.state === 'done' || (c.state === 'waiting' && !c.credentialsRefused);

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
        // A request applied before answers its round again (its first answer may have been lost after
        // the commit): it is new to this run unless the run already opened that round for it, or a
        // later refresh superseded it. The round's version alone cannot tell: the collection reads it.
        if (
          applied.notificationId !== null &&
          applied.version >= c.version &&
          c.refreshRequestId !== refreshRequestId
        ) {
          c.refreshRequestId = refreshRequestId;
          c.version = applied.version;
          c.state = 'need-refresh';
          c.waitingSince = null;
          c.doneAt = null;
          c.credentialsRefused = false;
          c.credentialsRefusedAt = null;
          c.collectionBlocked = false;
          c.pollsFailingSince = null;
          // A new round, routed again; an operator's cancellation ends with it.
          c.fulfilment = undefined;
          c.cancelled = false;
          await local.queueNotification({ orderid, account, notificationId: applied.notificationId });
          upsertSearchAttributes([{ key: ORDER_SEARCH_ATTRIBUTES.orderState, value: c.state }]);
          // A refresh while collecting restarts collection with the new parameters.
          restartRequested = true;
          interrupted = true;
          collection?.cancel();
        }
        return applied.record;
      }),
    {
      validator: (args: RefreshUpdateArgs) => {
        if (typeof args?.refreshRequestId !== 'string') throw new Error('refreshRequestId is required');
        if (closing || refreshWindowOver(c.doneAt, settings.refreshWindowMs, Date.now())) {
          throw ApplicationFailure.create({
            type: REFRESH_REJECTED_CLOSED,
            message: 'The refresh window is over',
          });
        }
      },
    },
  );

  /** Persists a transition and queues its notification; the caller holds the turn. */
  async function transitionNow(trigger: OrderTrigger, detail: Record<string, unknown> = {}): Promise<void> {
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
  }

  async function transition(trigger: OrderTrigger, detail: Record<string, unknown> = {}): Promise<void> {
    await turns.run(() => transitionNow(trigger, detail));
  }

  async function collectDocuments(version: number, method: 'extranet' | 'upload'): Promise<Doctype[]> {
    if (method === 'extranet') {
      const listed = await extranet.listExtranetDocuments(orderid, version);
      if (listed.length > 0) await downloads.downloadExtranetDocuments(orderid, version, listed);
    }
    return localStep(() => local.findMissingDocuments(orderid, version));
  }

  async function finish(version: number): Promise<void> {
    await localStep(() => local.generatePreStatement(orderid, version, Date.now()));
    await transition('pre-statement-generated');
    c.doneAt = Date.now();
  }

  /** Hands the round to the provider's operators: the reason shows in their work queue. */
  async function assist(reason: AssistanceReason, detail: string): Promise<void> {
    await local.assistFulfilment({ orderid, version: c.version, reason, detail });
    c.fulfilment = 'assisted';
    // A connector given up on starts afresh if operators hand the order back.
    c.pollsFailingSince = null;
  }

  /** Drives the order from its current state until it rests (done, waiting for a refresh, assisted). */
  async function advance(): Promise<Outcome> {
    const { method, version } = await localStep(() => local.loadOrderSnapshot(orderid));
    c.version = version;
    if (routes && c.fulfilment === undefined) {
      const decision = await localStep(() => local.routeFulfilment(orderid, version));
      c.fulfilment = decision.mode;
      if (decision.mode === 'assisted') return 'idle';
    }
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
              if (routes) c.credentialsRefusedAt = Date.now();
              await transition('credentials-refused', { reason: 'extranet_credentials_refused' });
              return 'idle';
            }
            await extranet.collectAccountStatement(orderid, version);
          }
          await transition('collection-started');
          break;
        }
        case 'received': {
          // An upload signalled from here on is seen by the wait that follows, if this read misses it.
          if (input.keepsEarlyUploads) uploadsArrived = false;
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
    if (input.boundsWaitingPolls) {
      for (;;) {
        if (historyIsLong()) return 'continue-as-new';
        const remaining = deadline - Date.now();
        if (remaining > 0) {
          await condition(() => uploadsArrived, Math.min(settings.pollIntervalMs, remaining));
        }
        const missing = await pollWhileWaiting(
          version,
          method,
          Math.min(Date.now() + settings.pollIntervalMs, deadline),
        );
        if (missing.length === 0 || Date.now() >= deadline) return missing;
      }
    }
    for (;;) {
      if (historyIsLong()) return 'continue-as-new';
      const remaining = deadline - Date.now();
      if (remaining <= 0) return collectDocuments(version, method);
      if (!input.keepsEarlyUploads) uploadsArrived = false;
      await condition(() => uploadsArrived, Math.min(settings.pollIntervalMs, remaining));
      // Cleared before the read, not before the wait: an upload signalled during the read or the
      // transition before it wakes the next wait at once.
      if (input.keepsEarlyUploads) uploadsArrived = false;
      const missing = await collectDocuments(version, method);
      if (missing.length === 0) return missing;
    }
  }

  /**
   * One poll of the wait: the extranet's new documents, then what is still missing. The extranet is
   * given until `until` (one attempt's time at least, at the deadline too): an extranet that fails is
   * tried again at the next poll, instead of holding the deadline. An upload, the one that woke the
   * wait or one during the poll, is read at once, without waiting for the extranet.
   */
  async function pollWhileWaiting(
    version: number,
    method: 'extranet' | 'upload',
    until: number,
  ): Promise<Doctype[]> {
    if (method === 'extranet') {
      const poll = new CancellationScope();
      const outcome = poll
        .run(() => fetchNewDocuments(version, until))
        .then(
          () => null,
          (error: unknown) => ({ error }),
        );
      let settled = false;
      void outcome.then(() => {
        settled = true;
      });
      for (;;) {
        await condition(() => settled || uploadsArrived);
        if (settled) break;
        uploadsArrived = false;
        const missing = await localStep(() => local.findMissingDocuments(orderid, version));
        if (missing.length === 0) {
          poll.cancel();
          await outcome;
          return missing;
        }
      }
      const failed = await outcome;
      if (failed === null) c.pollsFailingSince = null;
      else noteFailedPoll(failed.error);
    }
    uploadsArrived = false;
    return localStep(() => local.findMissingDocuments(orderid, version));
  }

  async function fetchNewDocuments(version: number, until: number): Promise<void> {
    const listed = await stepUntil(until, settings.extranetActivityTimeoutMs).listExtranetDocuments(
      orderid,
      version,
    );
    if (listed.length > 0) {
      await stepUntil(until, settings.extranetActivityTimeoutMs * 5).downloadExtranetDocuments(
        orderid,
        version,
        listed,
      );
    }
  }

  /** Extranet steps retried until `until`, each given one attempt's time at least. */
  function stepUntil(until: number, attemptMs: number) {
    return proxyActivities<OrderActivities>({
      startToCloseTimeout: attemptMs,
      heartbeatTimeout,
      retry: extranetRetry,
      scheduleToCloseTimeout: Math.max(until - Date.now(), attemptMs),
    });
  }

  /**
   * A poll the extranet failed until its time was up: the wait goes on. Where orders are routed, an
   * extranet failing for longer than the give-up delay means the connector failed, as in any other step.
   * What fails for good (refused credentials, a blocked collection) ends the round as it always did.
   */
  function noteFailedPoll(error: unknown): void {
    // The schedule-to-close time is up: Temporal ends the step with its last failure, retry state TIMEOUT.
    if (!(error instanceof ActivityFailure && error.retryState === 'TIMEOUT')) throw error;
    if (c.pollsFailingSince == null) c.pollsFailingSince = Date.now();
    if (
      routes &&
      settings.connectorGiveUpMs !== undefined &&
      Date.now() - c.pollsFailingSince >= settings.connectorGiveUpMs
    ) {
      throw error;
    }
  }

  // Operators' actions (docs/contract.md §9). Each is validated first: a refused one leaves no trace in
  // the history. Each records its change, an event and an audit entry (once per update, whatever the
  // retries), then moves the order through the published states only, taking its turn with the
  // transitions and refreshes.

  /** Whether the required documents are all there now; moves between `received` and `waiting`. */
  async function settleDocumentsNow(): Promise<void> {
    if (!hasStatement() || (c.state !== 'received' && c.state !== 'waiting')) return;
    const missing = await local.findMissingDocuments(orderid, c.version);
    if (c.state === 'received' && missing.length > 0) {
      await transitionNow('documents-missing', { missing_doctypes: missing });
      c.waitingSince = Date.now();
    } else if (c.state === 'waiting' && missing.length === 0) {
      await transitionNow('documents-arrived', { missing_doctypes: [] });
      c.waitingSince = null;
    }
  }

  function status(): FulfilmentStatus {
    return { state: c.state, fulfilment: c.fulfilment ?? 'automatic', cancelled: c.cancelled === true };
  }

  function refuse(refusal: OperatorRefusal | null): void {
    if (refusal !== null) {
      throw ApplicationFailure.create({
        type: OPERATOR_ACTION_REFUSED,
        message: refusal,
        nonRetryable: true,
      });
    }
  }

  /** The update's validator: the rules of libs/fulfilment, on this run's state. */
  function validator<A extends OperatorActionArgs>(
    action: OperatorActionKind,
    extra?: (args: A) => OperatorRefusal | null,
  ): (args: A) => void {
    return (args) => {
      if (closing) refuse('order_done');
      const operator = args?.operator as OperatorIdentity | undefined;
      if (typeof operator?.id !== 'string' || typeof operator.email !== 'string') refuse('invalid_request');
      const view = {
        state: c.state,
        fulfilment: isAssisted() ? ('assisted' as const) : c.fulfilment,
        cancelled: c.cancelled === true,
        hasStatement: hasStatement(),
        version: c.version,
      };
      const request = args as unknown as Omit<OperatorActionRequestView, 'role'>;
      refuse(operatorRefusal(action, view, { ...request, role: operator!.role }));
      refuse(extra?.(args) ?? null);
    };
  }

  /** Registers an operator's action: validated, recorded, then `apply` in the order's turn. */
  function operatorAction<A extends OperatorActionArgs>(
    update: ReturnType<typeof defineUpdate<FulfilmentStatus, [A]>>,
    action: OperatorActionKind,
    changeOf: (args: A) => OperatorChange,
    apply: (args: A) => Promise<void>,
    extra?: (args: A) => OperatorRefusal | null,
  ): void {
    const check = validator(action, extra);
    setHandler(
      update,
      (args: A) => {
        const key = currentUpdateInfo()?.id ?? `${orderid}:${action}:${Date.now()}`;
        return turns.run(async () => {
          // Checked again in its turn: the order may have moved since it was accepted (another
          // operator's action or a refresh took the turn before it), and it applies to the order as
          // it is now. A refusal fails the update alone, before any trace.
          check(args);
          await local.recordOperatorAction({
            orderid,
            version: c.version,
            operator: args.operator,
            key,
            change: changeOf(args),
          });
          await apply(args);
          return status();
        });
      },
      { validator: check },
    );
  }

  operatorAction<FileStatementArgs>(
    fileStatementUpdate,
    'statement_filed',
    (args) => ({ action: 'statement_filed', statement: args.statement }),
    async () => {
      // What `received` means for a connector: the statement is there.
      if (!hasStatement() && canTransition(c.state, 'statement-filed')) {
        c.credentialsRefused = false;
        await transitionNow('statement-filed');
      }
      await settleDocumentsNow();
    },
    (args) => (validateStatement(args.statement).valid ? null : 'statement_invalid'),
  );
  operatorAction<AttachDocumentsArgs>(
    attachDocumentsUpdate,
    'documents_attached',
    (args) => ({ action: 'documents_attached', documentIds: args.documentIds }),
    settleDocumentsNow,
  );
  operatorAction<MarkDocumentExistenceArgs>(
    markDocumentExistenceUpdate,
    'document_existence_marked',
    (args) => ({ action: 'document_existence_marked', kind: args.kind, exists: args.exists }),
    settleDocumentsNow,
  );
  operatorAction<OperatorActionArgs>(
    releaseUpdate,
    'released',
    () => ({ action: 'released' }),
    async () => {
      // What is still missing is listed in the document, as at the waiting deadline.
      const missing = await local.findMissingDocuments(orderid, c.version);
      if (c.state === 'waiting') {
        await transitionNow('released-with-missing-documents', { missing_doctypes: missing });
        c.waitingSince = null;
      }
      await local.generatePreStatement(orderid, c.version, Date.now());
      await transitionNow('pre-statement-generated');
      c.doneAt = Date.now();
    },
  );
  operatorAction<OperatorActionArgs>(
    handBackUpdate,
    'handed_back',
    () => ({ action: 'handed_back' }),
    async () => {
      // Routed again, then collected by its connector from where the order stands.
      c.fulfilment = undefined;
      c.collectionBlocked = false;
      restartRequested = true;
    },
  );
  operatorAction<SwitchToAssistedArgs>(
    switchToAssistedUpdate,
    'switched_to_assisted',
    (args) => ({ action: 'switched_to_assisted', note: args.note }),
    async () => {
      c.fulfilment = 'assisted';
      interrupted = true;
      collection?.cancel();
    },
  );
  operatorAction<CancelFulfilmentArgs>(
    cancelFulfilmentUpdate,
    'cancelled',
    (args) => ({ action: 'cancelled', reason: args.reason }),
    async () => {
      c.cancelled = true;
      interrupted = true;
      collection?.cancel();
    },
  );

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
    } else if (c.cancelled) {
      // Cancelled by an operator: only the client's refresh brings the order back.
      await condition(() => restartRequested || historyIsLong());
      if (!restartRequested) await continueAsNewWithState();
    } else if (isAssisted()) {
      // Operators act through the updates; a client's upload may complete the documents. What ends the
      // wait is set synchronously with it (a refresh or a hand back also sets `restartRequested`), so that
      // no handler's intermediate state wakes it.
      await condition(
        () =>
          restartRequested || uploadsArrived || c.cancelled === true || c.state === 'done' || historyIsLong(),
      );
      if (!restartRequested) {
        if (uploadsArrived) {
          uploadsArrived = false;
          try {
            await turns.run(settleDocumentsNow);
          } catch (error) {
            // Operators have the order already: what failed for good is theirs to see, not a reason to
            // fail the run (filing a statement again, for one, cures an unreadable one).
            if (handoverOf(error) === null) throw error;
          }
          continue;
        }
        if (c.cancelled || c.state === 'done') continue;
        await continueAsNewWithState();
      }
    } else if (c.credentialsRefused) {
      // Waits for a refresh with corrected credentials; where orders are routed, operators take the order
      // over when none comes in time.
      const wake = () => restartRequested || c.cancelled === true || isAssisted() || historyIsLong();
      const assistAt =
        routes && settings.credentialsRefusedAssistAfterMs !== undefined && c.credentialsRefusedAt != null
          ? c.credentialsRefusedAt + settings.credentialsRefusedAssistAfterMs
          : null;
      // `condition` without a timeout resolves to nothing: only a timed wait can end without waking.
      const timedOut =
        assistAt === null
          ? (await condition(wake), false)
          : !(await condition(wake, Math.max(assistAt - Date.now(), 1)));
      if (timedOut) {
        await assist(
          'credentials_refused',
          'The extranet refused the credentials and no corrected refresh came',
        );
        continue;
      }
      if (!restartRequested) {
        if (c.cancelled || isAssisted()) continue;
        await continueAsNewWithState();
      }
    }
    restartRequested = false;
    interrupted = false;
    collection = new CancellationScope();
    try {
      const outcome = await collection.run(advance);
      if (outcome === 'continue-as-new') await continueAsNewWithState();
    } catch (error) {
      if (interrupted && (isCancellation(error) || isSuperseded(error))) continue;
      const block = collectionBlockOf(error);
      // A round a refresh has superseded meanwhile is not blocked: the new one starts at once.
      if (routes) {
        const handover = block ?? handoverOf(error);
        if (handover === null) throw error;
        if (restartRequested) continue;
        await assist(handover.reason, handover.detail);
        continue;
      }
      if (block === null) throw error;
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

/**
 * Why operators must take the order over after `error` ended a collection round, if it is a step that
 * failed for good: an extranet step (a permanent failure, or the give-up delay passed) means the
 * connector failed; any other step that cannot succeed by retrying (a local activity's failure reaches
 * the workflow as the activity's own `ApplicationFailure`) means the processing failed. An order that does
 * not exist has nobody to hand it to.
 */
function handoverOf(error: unknown): { reason: AssistanceReason; detail: string } | null {
  if (error instanceof ActivityFailure && EXTRANET_STEPS.has(error.activityType)) {
    const detail = `${error.activityType}: ${error.cause?.message ?? error.message}`;
    return { reason: 'connector_failed', detail: detail.slice(0, 500) };
  }
  const failure = error instanceof ActivityFailure ? error.cause : error;
  if (
    failure instanceof ApplicationFailure &&
    failure.nonRetryable &&
    failure.type !== ORDER_NOT_FOUND_FAILURE
  ) {
    return {
      reason: 'processing_failed',
      detail: `${failure.type ?? 'Error'}: ${failure.message}`.slice(0, 500),
    };
  }
  return null;
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
