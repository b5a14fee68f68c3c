import { type DocumentKind } from '@libs/orders/document-kind';
import { type OrderState } from '@libs/orders/order-state';
import { type AssistanceReason, type FulfilmentMode } from './fulfilment-mode';
import { type DirectOperatorAction, type OperatorActionKind } from './operator-action';
import { type OperatorIdentity } from '@libs/operators/operator-identity';

/**
 * What the console (through the API) and the order workflow agree on about operators' actions
 * (docs/contract.md §9). Each action is a Temporal Update on `order-<orderid>`, named for what it does so
 * the Temporal UI's history reads as the audit does; its validator refuses, without a trace in the
 * history, what the order's current state does not allow. Pure: safe to import from workflow code.
 */
export const FILE_STATEMENT_UPDATE = 'fileStatement';
export const ATTACH_DOCUMENTS_UPDATE = 'attachDocuments';
export const MARK_DOCUMENT_EXISTENCE_UPDATE = 'markDocumentExistence';
export const RELEASE_UPDATE = 'releaseForGeneration';
export const HAND_BACK_UPDATE = 'handBackToAutomatic';
export const SWITCH_TO_ASSISTED_UPDATE = 'switchToAssisted';
export const CANCEL_UPDATE = 'cancelFulfilment';

/** The update of each action operators take through the workflow (revealing the access is not one). */
export const OPERATOR_UPDATES = {
  statement_filed: FILE_STATEMENT_UPDATE,
  documents_attached: ATTACH_DOCUMENTS_UPDATE,
  document_existence_marked: MARK_DOCUMENT_EXISTENCE_UPDATE,
  released: RELEASE_UPDATE,
  handed_back: HAND_BACK_UPDATE,
  switched_to_assisted: SWITCH_TO_ASSISTED_UPDATE,
  cancelled: CANCEL_UPDATE,
} as const satisfies Record<Exclude<OperatorActionKind, DirectOperatorAction>, string>;
export type WorkflowOperatorAction = keyof typeof OPERATOR_UPDATES;

/** Who acts: carried into the workflow for the order's history and the audit table. */
export interface OperatorActionArgs {
  operator: OperatorIdentity;
}

export interface FileStatementArgs extends OperatorActionArgs {
  /** The statement in the model's JSON shape (libs/statement), validated by the API and by the validator. */
  statement: unknown;
}

export interface AttachDocumentsArgs extends OperatorActionArgs {
  /** The order version the API stored the documents for: a refresh meanwhile makes them stale. */
  version: number;
  /** Ids of the stored documents (`documents.id`). */
  documentIds: number[];
}

export interface MarkDocumentExistenceArgs extends OperatorActionArgs {
  kind: DocumentKind;
  /** false: "does not exist in this co-ownership"; true: withdraws that mark. */
  exists: boolean;
}

export interface SwitchToAssistedArgs extends OperatorActionArgs {
  note: string;
}

export interface CancelFulfilmentArgs extends OperatorActionArgs {
  reason: string;
}

/** What every operator action answers: the order as its workflow now knows it. */
export interface FulfilmentStatus {
  state: OrderState;
  /** `automatic` also while a round is being routed again (after a refresh or a hand back). */
  fulfilment: FulfilmentMode;
  cancelled: boolean;
}

/** Failure type of a validator's refusal; its message is one of the codes below. */
export const OPERATOR_ACTION_REFUSED = 'OperatorActionRefused';

export const OPERATOR_REFUSALS = [
  /** The action needs an assisted order (file, attach, mark, release, hand back). */
  'not_assisted',
  /** Already assisted (switch). */
  'already_assisted',
  /** The pre-statement is produced: a refresh reopens the order. */
  'order_done',
  'order_cancelled',
  /** Release before any statement was filed. */
  'statement_not_filed',
  /** The statement does not validate (the API reports its issues before ever asking). */
  'statement_invalid',
  /** A refresh replaced the order version the request was prepared for. */
  'version_superseded',
  /** The operator's role may not change orders. */
  'role_forbidden',
  /** The request itself is malformed (a missing note or reason, an unknown kind…). */
  'invalid_request',
] as const;
export type OperatorRefusal = (typeof OPERATOR_REFUSALS)[number];

export function isOperatorRefusal(value: unknown): value is OperatorRefusal {
  return typeof value === 'string' && (OPERATOR_REFUSALS as readonly string[]).includes(value);
}

/** What the order workflow records when it hands an order to operators, or routes it. */
export interface FulfilmentDecision {
  mode: FulfilmentMode;
  /** Set for `assisted`. */
  reason: AssistanceReason | null;
  /** For operators, in English; never a secret. */
  detail: string | null;
}
