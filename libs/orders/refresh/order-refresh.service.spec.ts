import { DomainError } from '@libs/platform/domain-error';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderRecord } from '../order-record';
import { OrderRefreshService } from './order-refresh.service';
import { type OrderWorkflowGateway } from './order-workflow-gateway';
import { type RefreshRequest } from './refresh-request';
import { RefreshWindow } from './refresh-window';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import {
  type NewOrderRefreshRequest,
  type OrderRefreshRequestRepository,
} from './order-refresh-request.repository';
import { OrderOwnership } from '../order-ownership';
import { type OrderRepository } from '../order.repository';
import { SecretBox } from '@libs/security/secret-box';

const caller: AuthenticatedAccount = { accountId: 'acc-1', email: 'Notaire@Example.fr', apiKeyId: 'key-1' };
const record = { orderid: 'AB12CD', state: 'need-refresh' } as OrderRecord;
const secretBox = new SecretBox({ keys: [{ id: 'k1', key: Buffer.alloc(32, 7) }], activeKeyId: 'k1' });

function setup(order: Partial<OrderEntity> | null) {
  const stored: NewOrderRefreshRequest[] = [];
  const calls: [string, string][] = [];
  /** What reached the workflow side, in order: `started <order>` then `refresh <order>`. */
  const sequence: string[] = [];
  const orders = {
    findForAccount: async (orderid: string, accountId: string) =>
      order && orderid === 'AB12CD' && accountId === 'acc-1' ? ({ orderid, ...order } as OrderEntity) : null,
  } as unknown as OrderRepository;
  const requests = {
    create: async (row: NewOrderRefreshRequest) => {
      stored.push(row);
      return 'req-1';
    },
  } as unknown as OrderRefreshRequestRepository;
  const gateway: OrderWorkflowGateway = {
    refresh: async (orderid, id) => {
      calls.push([orderid, id]);
      sequence.push(`refresh ${orderid}`);
      return record;
    },
    notifyDocumentsUploaded: async () => undefined,
  };
  const starts = {
    ensureStarted: async (started: Pick<OrderEntity, 'orderid'>, account: string) => {
      sequence.push(`started ${started.orderid} for ${account}`);
    },
  };
  return {
    service: new OrderRefreshService(
      new OrderOwnership(orders),
      requests,
      secretBox,
      gateway,
      starts,
      new RefreshWindow(180 * 24 * 3600 * 1000),
    ),
    stored,
    calls,
    sequence,
  };
}

const extranetOrder: Partial<OrderEntity> = {
  method: 'extranet',
  syndicName: 'Foncia',
  syndicPasswordSealed: 'sealed',
  syndicUrl: null,
};
const request: RefreshRequest = {
  allDuePaid: true,
  comment: 'Nouveau PV',
  method: 'extranet',
  syndic: { name: 'Foncia', username: 'marie', password: 'nouveau-secret', url: null },
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('resolved');
}

describe('OrderRefreshService', () => {
  it('stores the request with the password sealed for this order, then returns the update’s record', async () => {
    const { service, stored, calls } = setup(extranetOrder);
    await expect(service.refresh(caller, 'AB12CD', request)).resolves.toBe(record);
    expect(calls).toEqual([['AB12CD', 'req-1']]);
    expect(stored).toHaveLength(1);
    const row = stored[0]!;
    expect(row).toMatchObject({
      orderid: 'AB12CD',
      comment: 'Nouveau PV',
      allDuePaid: true,
      method: 'extranet',
      syndicName: 'Foncia',
      syndicUsername: 'marie',
      syndicUrl: null,
    });
    expect(row.syndicPasswordSealed).not.toContain('nouveau-secret');
    expect(secretBox.open(row.syndicPasswordSealed!, 'AB12CD')).toBe('nouveau-secret');
    expect(() => secretBox.open(row.syndicPasswordSealed!, 'ZZ99ZZ')).toThrow();
  });

  it('makes sure the order’s workflow is started (a refresh may follow its creation at once) before updating it', async () => {
    const { service, sequence } = setup(extranetOrder);
    await service.refresh(caller, 'AB12CD', request);
    expect(sequence).toEqual(['started AB12CD for Notaire@Example.fr', 'refresh AB12CD']);
  });

  it('stores no credentials when the order keeps its own', async () => {
    const { service, stored } = setup(extranetOrder);
    await service.refresh(caller, 'AB12CD', { ...request, syndic: null });
    expect(stored[0]).toMatchObject({ syndicName: null, syndicUsername: null, syndicPasswordSealed: null });
  });

  it('answers 404 for an unknown, foreign or malformed order, and stores nothing', async () => {
    const { service, stored, calls, sequence } = setup(null);
    expect(await codeOf(service.refresh(caller, 'AB12CD', request))).toBe('order_not_found');
    expect(await codeOf(setup(extranetOrder).service.refresh(caller, 'needrefresh', request))).toBe(
      'order_not_found',
    );
    expect(stored).toEqual([]);
    expect(calls).toEqual([]);
    expect(sequence).toEqual([]);
  });

  it('refuses an extranet refresh without any credentials before storing anything', async () => {
    const { service, stored } = setup({ method: 'upload', syndicName: null, syndicPasswordSealed: null });
    expect(await codeOf(service.refresh(caller, 'AB12CD', { ...request, syndic: null }))).toBe(
      'syndic_invalid',
    );
    expect(stored).toEqual([]);
  });

  describe('refreshForAccount (need-refresh body)', () => {
    it('accepts the caller’s email in any case', async () => {
      const { service, calls } = setup(extranetOrder);
      await expect(service.refreshForAccount(caller, ' notaire@EXAMPLE.fr', 'AB12CD', request)).resolves.toBe(
        record,
      );
      expect(calls).toHaveLength(1);
    });

    it('answers 404 for another account', async () => {
      const { service, calls } = setup(extranetOrder);
      expect(await codeOf(service.refreshForAccount(caller, 'autre@example.fr', 'AB12CD', request))).toBe(
        'order_not_found',
      );
      expect(calls).toEqual([]);
    });
  });
});
