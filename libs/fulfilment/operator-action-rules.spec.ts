import { type FulfilmentView, operatorRefusal } from './operator-action-rules';

describe('operatorRefusal', () => {
  const assisted: FulfilmentView = {
    state: 'confirmed',
    fulfilment: 'assisted',
    cancelled: false,
    hasStatement: false,
    version: 1,
  };
  const operator = { role: 'operator' as const };

  it('lets a viewer do nothing, the reveal included', () => {
    for (const action of ['statement_filed', 'released', 'syndic_access_revealed', 'cancelled'] as const) {
      expect(operatorRefusal(action, assisted, { role: 'viewer', reason: 'x' })).toBe('role_forbidden');
    }
    expect(operatorRefusal('statement_filed', assisted, { role: 'admin' })).toBeNull();
  });

  it('keeps the assisted actions to assisted orders', () => {
    const automatic = { ...assisted, fulfilment: 'automatic' as const };
    for (const action of [
      'statement_filed',
      'released',
      'handed_back',
      'document_existence_marked',
    ] as const) {
      expect(operatorRefusal(action, automatic, operator)).toBe('not_assisted');
    }
    expect(
      operatorRefusal('switched_to_assisted', automatic, { ...operator, note: 'extranet illisible' }),
    ).toBeNull();
    expect(operatorRefusal('switched_to_assisted', assisted, { ...operator, note: 'x' })).toBe(
      'already_assisted',
    );
  });

  it('refuses every change to a done or cancelled order, but not the reveal', () => {
    for (const order of [
      { ...assisted, state: 'done' as const },
      { ...assisted, cancelled: true },
    ]) {
      expect(operatorRefusal('statement_filed', order, operator)).toMatch(/^order_(done|cancelled)$/);
      expect(operatorRefusal('syndic_access_revealed', order, operator)).toBeNull();
    }
  });

  it('releases only an order with a statement', () => {
    expect(operatorRefusal('released', assisted, operator)).toBe('statement_not_filed');
    expect(
      operatorRefusal('released', { ...assisted, state: 'received', hasStatement: true }, operator),
    ).toBeNull();
  });

  it('refuses any action whose request names a round a refresh replaced, and takes one naming none', () => {
    const requests = {
      statement_filed: {},
      document_existence_marked: { kind: 'dtg', exists: false },
      released: {},
      handed_back: {},
      switched_to_assisted: { note: 'x' },
      cancelled: { reason: 'x' },
    } as const;
    const filed = { ...assisted, hasStatement: true };
    for (const [action, request] of Object.entries(requests)) {
      const kind = action as keyof typeof requests;
      const order = kind === 'switched_to_assisted' ? { ...filed, fulfilment: 'automatic' as const } : filed;
      expect(operatorRefusal(kind, order, { ...operator, ...request, version: 0 })).toBe(
        'version_superseded',
      );
      expect(operatorRefusal(kind, order, { ...operator, ...request, version: 1 })).toBeNull();
      expect(operatorRefusal(kind, order, { ...operator, ...request })).toBeNull();
    }
  });

  it('refuses documents stored for a version a refresh replaced, and malformed requests', () => {
    expect(
      operatorRefusal('documents_attached', assisted, { ...operator, version: 1, documentIds: [3] }),
    ).toBeNull();
    expect(
      operatorRefusal('documents_attached', assisted, { ...operator, version: 0, documentIds: [3] }),
    ).toBe('version_superseded');
    for (const documentIds of [[], [0], ['3'], undefined]) {
      expect(operatorRefusal('documents_attached', assisted, { ...operator, version: 1, documentIds })).toBe(
        'invalid_request',
      );
    }
    expect(
      operatorRefusal('document_existence_marked', assisted, { ...operator, kind: 'dtg', exists: false }),
    ).toBeNull();
    expect(
      operatorRefusal('document_existence_marked', assisted, { ...operator, kind: 'dpe', exists: false }),
    ).toBe('invalid_request');
    expect(operatorRefusal('cancelled', assisted, { ...operator, reason: '  ' })).toBe('invalid_request');
    expect(operatorRefusal('cancelled', assisted, { ...operator, reason: 'x'.repeat(1001) })).toBe(
      'invalid_request',
    );
  });
});
