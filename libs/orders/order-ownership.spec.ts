import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { OrderOwnership } from './order-ownership';

const caller: AuthenticatedAccount = { accountId: 'acc-1', email: 'etude@example.fr', apiKeyId: 'key-1' };

describe('OrderOwnership', () => {
  const looked: string[] = [];
  const ownership = new OrderOwnership({
    findForAccount: async (orderid, accountId) => {
      looked.push(orderid);
      return orderid === 'AB12CD' && accountId === 'acc-1' ? ({ orderid } as OrderEntity) : null;
    },
  });

  it("gives the caller's own order", async () => {
    expect((await ownership.orderOf(caller, 'AB12CD')).orderid).toBe('AB12CD');
  });

  it.each([
    ['another account', { ...caller, accountId: 'acc-2' }, 'AB12CD'],
    ['an unknown id', caller, 'ZZ99ZZ'],
  ])('answers 404 for the order of %s', async (_case, who, orderid) => {
    await expect(ownership.orderOf(who, orderid)).rejects.toMatchObject(new DomainError('order_not_found'));
  });

  it('answers 404 for a malformed id without looking it up', async () => {
    looked.length = 0;
    await expect(ownership.orderOf(caller, "AB12CD' OR 1=1")).rejects.toMatchObject({
      code: 'order_not_found',
    });
    expect(looked).toEqual([]);
  });
});
