/**
 * The order state machine of docs/contract.md §4, written once and shared by the workflow, the API and
 * the tests. Pure: no I/O, safe to import from workflow code.
 */
export const ORDER_STATES = ['confirmed', 'received', 'waiting', 'done', 'need-refresh'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type OrderTrigger =
  /** The worker logged in (or read the uploaded documents) and collected the account statement. */
  | 'collection-started'
  /** Required documents are absent. */
  | 'documents-missing'
  /** The missing documents arrived (poll or upload). */
  | 'documents-arrived'
  /** The waiting deadline passed: the pre-statement is produced with the missing documents listed. */
  | 'waiting-deadline-reached'
  /** Extranet login refused: the client is told through a `waiting` notification. */
  | 'credentials-refused'
  /** The pre-statement was generated and stored. */
  | 'pre-statement-generated'
  /** POST /order/<id>/refresh or /order/needrefresh. */
  | 'refresh-requested'
  /** Assisted fulfilment: an operator filed the account statement (docs/contract.md §9). */
  | 'statement-filed'
  /** Assisted fulfilment: an operator released the order with documents still missing. */
  | 'released-with-missing-documents';

const TRANSITIONS: Record<OrderTrigger, { from: readonly OrderState[]; to: OrderState }> = {
  'collection-started': { from: ['confirmed', 'need-refresh'], to: 'received' },
  'documents-missing': { from: ['received'], to: 'waiting' },
  'documents-arrived': { from: ['waiting'], to: 'received' },
  'waiting-deadline-reached': { from: ['waiting'], to: 'received' },
  // Refused credentials are found before anything is received, so the order waits for a refresh.
  'credentials-refused': { from: ['confirmed', 'need-refresh'], to: 'waiting' },
  'pre-statement-generated': { from: ['received'], to: 'done' },
  'refresh-requested': {
    from: ['confirmed', 'received', 'waiting', 'done', 'need-refresh'],
    to: 'need-refresh',
  },
  // An operator starts where a connector would: the statement is what `received` means. From `waiting`
  // too: an order whose credentials were refused is handed to operators while it waits for a refresh.
  'statement-filed': { from: ['confirmed', 'need-refresh', 'waiting'], to: 'received' },
  // Like the waiting deadline, but decided by a person: the document lists what is missing.
  'released-with-missing-documents': { from: ['waiting'], to: 'received' },
};

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
}

export function canTransition(from: OrderState, trigger: OrderTrigger): boolean {
  return TRANSITIONS[trigger].from.includes(from);
}

/** The state reached from `from` by `trigger`; throws when the contract does not allow it. */
export function nextState(from: OrderState, trigger: OrderTrigger): OrderState {
  if (!canTransition(from, trigger)) {
    throw new Error(`Transition "${trigger}" is not allowed from state "${from}"`);
  }
  return TRANSITIONS[trigger].to;
}

/** `pending` in the order record: true until the pre-statement is delivered. */
export function isPending(state: OrderState): boolean {
  return state !== 'done';
}

/**
 * Whether an order done at `doneAt` (epoch ms; null while it is not done) is closed at `now`: its refresh
 * window is over, and it takes neither a refresh nor an upload any more (docs/contract.md §4).
 */
export function refreshWindowOver(doneAt: number | null, refreshWindowMs: number, now: number): boolean {
  return doneAt !== null && now > doneAt + refreshWindowMs;
}
