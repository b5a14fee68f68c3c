/**
 * What the API and the worker agree on about the per-order workflow. Only non-secret data travels
 * through Temporal: credentials stay sealed in PostgreSQL and are read by activities.
 */
import { type FulfilmentMode } from '@libs/fulfilment/fulfilment-mode';
import { type OrderState } from './order-state';

export const ORDER_WORKFLOW_TYPE = 'orderWorkflow';

/** Durations of the lifecycle, from configuration; fixed for a workflow run when it starts. */
export interface OrderProcessingSettings {
  /** How often the extranet is polled again while documents are missing. */
  pollIntervalMs: number;
  /** How long the order waits for missing documents before the pre-statement is produced anyway. */
  waitingDeadlineMs: number;
  /** How long after `done` a refresh is still accepted. */
  refreshWindowMs: number;
  /** Time limit of one extranet step before Temporal retries it. */
  extranetActivityTimeoutMs: number;
  /**
   * An extranet step whose worker stopped heartbeating for this long is retried (a killed worker is
   * noticed this soon). Absent from the input of runs started before it existed: 10 s for them.
   */
  extranetHeartbeatTimeoutMs?: number;
  /**
   * Assisted fulfilment (runs that route it, see `routesFulfilment`): an extranet step still failing
   * after this long means the connector failed, and operators take the order over.
   */
  connectorGiveUpMs?: number;
  /** How long refused credentials wait for a corrected refresh before operators take the order over. */
  credentialsRefusedAssistAfterMs?: number;
}

/** State carried across continue-as-new, so a long-lived order keeps a bounded history. */
export interface CarriedOrderState {
  state: OrderState;
  /** Collection round: 1 at creation, +1 at each refresh. */
  version: number;
  /** Epoch ms when the order entered `waiting` for missing documents (deadline computation). */
  waitingSince: number | null;
  /** Epoch ms when the order reached `done` (refresh window computation). */
  doneAt: number | null;
  /** True while the order waits for a refresh with corrected extranet credentials. */
  credentialsRefused: boolean;
  /**
   * True while the order's collection is blocked (libs/orders/collection/collection-block.ts), in runs
   * started before assisted fulfilment: such an order is assisted.
   */
  collectionBlocked?: boolean;
  /** How the current round is fulfilled (docs/contract.md §9); absent until routed, and in test mode. */
  fulfilment?: FulfilmentMode;
  /** An operator filed the account statement of the current round. */
  statementFiled?: boolean;
  /** An operator cancelled the order's fulfilment: it rests until a refresh. */
  cancelled?: boolean;
  /** Epoch ms when the extranet refused the credentials (the delay before operators take over). */
  credentialsRefusedAt?: number | null;
  /** The refresh request that opened the current round, so that one delivered again is not reapplied. */
  refreshRequestId?: string;
  /**
   * Epoch ms of the first poll of the wait, in a row, that the extranet failed (null when the last one
   * answered): where orders are routed, failing longer than the give-up delay hands the order over.
   */
  pollsFailingSince?: number | null;
}

export interface OrderWorkflowInput {
  orderid: string;
  account: string;
  externalId: string;
  testMode: boolean;
  settings: OrderProcessingSettings;
  /**
   * Set on runs started since the creation's `confirmed` notification exists: the first run queues it
   * before anything else. Runs started before had no such step, and their histories replay without it.
   */
  queuesConfirmedNotification?: boolean;
  /**
   * Set on runs started since assisted fulfilment exists: each round of a live order is routed to a
   * connector or to operators, and what a connector cannot do hands the order to operators. Runs started
   * before keep their history's behaviour (a blocked collection waits for a refresh).
   */
  routesFulfilment?: boolean;
  /**
   * Set on runs started since an upload signalled while the missing documents were being read is kept
   * for the wait that follows (it was dropped, and the upload waited for the next poll). Runs started
   * before clear the signal where their histories did.
   */
  keepsEarlyUploads?: boolean;
  /**
   * Set on runs started since a poll during the wait for documents is bounded: an extranet that fails
   * then holds neither the deadline nor a client's upload (the poll was retried without end). Runs
   * started before poll where their histories did.
   */
  boundsWaitingPolls?: boolean;
  /**
   * Set on runs started since the collection's local steps take their turn with the transitions and the
   * handlers: a refresh or an operator's action cancelled the collection while a local step of it ran,
   * and when the step completed during the handler's activation the workflow task failed as
   * non-deterministic and the run was replayed. Runs started before run their local steps where their
   * histories did.
   */
  localStepsTakeTurns?: boolean;
  carried?: CarriedOrderState;
}

/** Update `refresh`: the API stored the refresh request (sealed credentials included) under this id. */
export const REFRESH_UPDATE = 'refresh';
export interface RefreshUpdateArgs {
  refreshRequestId: string;
}

/** Signal `documentsUploaded`: new uploaded documents are in the store for the order. */
export const DOCUMENTS_UPLOADED_SIGNAL = 'documentsUploaded';

/** Query `orderState`: the state as the workflow knows it. */
export const ORDER_STATE_QUERY = 'orderState';

/** Failure types of the refresh update's validator, mapped by the API to 409 texts. */
export const REFRESH_REJECTED_CLOSED = 'OrderClosed';

/** Failure type of the login activity when the extranet refuses the seller's credentials. */
export const CREDENTIALS_REFUSED_FAILURE = 'ExtranetCredentialsRefused';

/** Failure type of an order activity whose collection is blocked; its one detail is a `CollectionBlock`. */
export const COLLECTION_BLOCKED_FAILURE = 'CollectionBlocked';

/** Failure type of an order activity whose order does not exist. */
export const ORDER_NOT_FOUND_FAILURE = 'OrderNotFound';

/** The heartbeat timeout of extranet steps in runs whose input does not say. */
export const DEFAULT_EXTRANET_HEARTBEAT_TIMEOUT_MS = 10_000;
