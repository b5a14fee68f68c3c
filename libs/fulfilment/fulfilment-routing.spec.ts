import { type RoutedOrder, routeFulfilment } from './fulfilment-routing';

describe('routeFulfilment', () => {
  const live: RoutedOrder = {
    testMode: false,
    method: 'extranet',
    hasCredentials: true,
    servedByConnector: true,
  };

  it('serves a live extranet order with a connector automatically', () => {
    expect(routeFulfilment(live)).toEqual({ mode: 'automatic', reason: null, detail: null });
  });

  it('keeps every test-mode order on the sandbox, whatever it lacks', () => {
    for (const order of [
      { ...live, testMode: true, method: 'upload' as const },
      { ...live, testMode: true, hasCredentials: false, servedByConnector: false },
    ]) {
      expect(routeFulfilment(order).mode).toBe('automatic');
    }
  });

  it.each([
    ['an upload order', { method: 'upload' as const }, 'upload_order'],
    ['an extranet order without credentials', { hasCredentials: false }, 'no_credentials'],
    ['an extranet order no connector serves', { servedByConnector: false }, 'no_connector'],
  ])('hands %s to operators, with its reason', (_label, overrides, reason) => {
    const decision = routeFulfilment({ ...live, ...overrides });
    expect(decision).toMatchObject({ mode: 'assisted', reason });
    expect(decision.detail).toMatch(/\w/);
  });
});
