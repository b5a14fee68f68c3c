import 'reflect-metadata';
import { ORDER_STATES, type OrderState } from './order-state';
import { toOrderRecord } from './order-record';
import { OrderEntity } from '@libs/persistence/entities/order.entity';

function order(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return Object.assign(new OrderEntity(), {
    orderid: 'AB12CD',
    accountId: '6a0b4f4e-2d8c-4d3c-9a53-5c7d3f1e2a10',
    externalId: 'DOSSIER-42',
    state: 'confirmed' as OrderState,
    testMode: true,
    refreshed: false,
    method: 'extranet' as const,
    createdAt: new Date(Date.UTC(2025, 2, 25, 17, 32, 39, 123)),
    updatedAt: new Date(Date.UTC(2025, 2, 26, 8, 0, 5)),
    ...overrides,
  });
}

describe('toOrderRecord', () => {
  it('is exactly the published record, keys in alphabetical order', () => {
    const record = toOrderRecord(order(), 'notaire@example.fr');
    expect(JSON.stringify(record)).toBe(
      JSON.stringify({
        account: 'notaire@example.fr',
        billing_mode: null,
        created: 'Tue, 25 Mar 2025 17:32:39 GMT',
        external_id: 'DOSSIER-42',
        orderid: 'AB12CD',
        pending: true,
        refreshed: false,
        sso_provider: null,
        state: 'confirmed',
        test_mode: true,
        updated: 'Wed, 26 Mar 2025 08:00:05 GMT',
      }),
    );
    const keys = Object.keys(record);
    expect(keys).toEqual([...keys].sort());
  });

  it('exposes no internal field of the entity', () => {
    const record = toOrderRecord(
      order({ syndicName: 'Foncia', syndicUsername: 'marie.dupont', syndicPasswordSealed: 'v1.sealed' }),
      'a@b.fr',
    );
    const serialised = JSON.stringify(record);
    for (const internal of ['6a0b4f4e', 'Foncia', 'marie.dupont', 'v1.sealed', 'extranet']) {
      expect(serialised).not.toContain(internal);
    }
  });

  it.each(ORDER_STATES.map((state) => [state, state !== 'done'] as const))(
    'in state %s, pending is %s',
    (state, pending) => {
      const record = toOrderRecord(order({ state }), 'a@b.fr');
      expect(record.state).toBe(state);
      expect(record.pending).toBe(pending);
    },
  );

  it('carries refreshed, test_mode and an empty external_id as given', () => {
    const record = toOrderRecord(order({ refreshed: true, testMode: false, externalId: '' }), 'a@b.fr');
    expect(record).toMatchObject({ refreshed: true, test_mode: false, external_id: '' });
  });
});
