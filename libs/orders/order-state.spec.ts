import {
  ORDER_STATES,
  type OrderState,
  type OrderTrigger,
  canTransition,
  refreshWindowOver,
  isOrderState,
  isPending,
  nextState,
} from './order-state';

/** Contract section 4, written out independently of the module's own table. */
const ALLOWED: [OrderState, OrderTrigger, OrderState][] = [
  ['confirmed', 'collection-started', 'received'],
  ['need-refresh', 'collection-started', 'received'],
  ['received', 'documents-missing', 'waiting'],
  ['waiting', 'documents-arrived', 'received'],
  // At the waiting deadline the pre-statement is produced anyway, listing the missing documents.
  ['waiting', 'waiting-deadline-reached', 'received'],
  ['received', 'pre-statement-generated', 'done'],
  ['confirmed', 'refresh-requested', 'need-refresh'],
  ['received', 'refresh-requested', 'need-refresh'],
  ['waiting', 'refresh-requested', 'need-refresh'],
  ['done', 'refresh-requested', 'need-refresh'],
  ['need-refresh', 'refresh-requested', 'need-refresh'],
  // Extranet login refused: the order waits for a refresh with corrected credentials.
  ['confirmed', 'credentials-refused', 'waiting'],
  ['need-refresh', 'credentials-refused', 'waiting'],
  // Assisted fulfilment (section 9): the statement filed by an operator is what `received` means.
  ['confirmed', 'statement-filed', 'received'],
  ['need-refresh', 'statement-filed', 'received'],
  ['waiting', 'statement-filed', 'received'],
  ['waiting', 'released-with-missing-documents', 'received'],
];

// A Record, so that adding a trigger to the module without adding it here fails to compile.
const TRIGGER_SET: Record<OrderTrigger, true> = {
  'collection-started': true,
  'documents-missing': true,
  'documents-arrived': true,
  'waiting-deadline-reached': true,
  'credentials-refused': true,
  'pre-statement-generated': true,
  'refresh-requested': true,
  'statement-filed': true,
  'released-with-missing-documents': true,
};
const TRIGGERS = Object.keys(TRIGGER_SET) as OrderTrigger[];

const isAllowed = (from: OrderState, trigger: OrderTrigger) =>
  ALLOWED.some(([f, t]) => f === from && t === trigger);

const DISALLOWED: [OrderState, OrderTrigger][] = ORDER_STATES.flatMap((from) =>
  TRIGGERS.filter((trigger) => !isAllowed(from, trigger)).map((trigger): [OrderState, OrderTrigger] => [
    from,
    trigger,
  ]),
);

describe('order state machine', () => {
  it('has exactly the five published states', () => {
    expect([...ORDER_STATES].sort()).toEqual(['confirmed', 'done', 'need-refresh', 'received', 'waiting']);
  });

  it.each(ALLOWED)('goes from %s on %s to %s', (from, trigger, to) => {
    expect(canTransition(from, trigger)).toBe(true);
    expect(nextState(from, trigger)).toBe(to);
  });

  it.each(DISALLOWED)('refuses %s on %s', (from, trigger) => {
    expect(canTransition(from, trigger)).toBe(false);
    expect(() => nextState(from, trigger)).toThrow(
      `Transition "${trigger}" is not allowed from state "${from}"`,
    );
  });

  it('covers every (state, trigger) pair in one of the two tables', () => {
    expect(ALLOWED.length + DISALLOWED.length).toBe(ORDER_STATES.length * TRIGGERS.length);
  });

  it('never leaves done except by a refresh', () => {
    for (const trigger of TRIGGERS) {
      expect(canTransition('done', trigger)).toBe(trigger === 'refresh-requested');
    }
  });

  it('is pending in every state but done', () => {
    expect(isPending('done')).toBe(false);
    for (const state of ORDER_STATES.filter((s) => s !== 'done')) expect(isPending(state)).toBe(true);
  });

  it('recognises state names and nothing else', () => {
    for (const state of ORDER_STATES) expect(isOrderState(state)).toBe(true);
    for (const value of ['Done', 'needrefresh', 'need_refresh', '', 'cancelled', null, undefined, 3]) {
      expect(isOrderState(value)).toBe(false);
    }
  });

  it('closes an order once its refresh window after done is over, never one that is not done', () => {
    const day = 24 * 3600 * 1000;
    expect(refreshWindowOver(null, 180 * day, Date.now())).toBe(false);
    expect(refreshWindowOver(0, 180 * day, 180 * day)).toBe(false);
    expect(refreshWindowOver(0, 180 * day, 180 * day + 1)).toBe(true);
  });
});
