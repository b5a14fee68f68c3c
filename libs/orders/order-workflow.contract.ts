/**
 * What the API and the worker agree on about the per-order workflow. Only non-secret data travels
 * through Temporal: credentials stay sealed in PostgreSQL and are read by activities.
 */
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
  /** True while the order's collection is blocked (see libs/domain/collection-block.ts) until a refresh. */
  collectionBlocked?: boolean;
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
