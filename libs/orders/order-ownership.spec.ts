import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type OperatorIdentity } from '@libs/operators/operator-identity';
import { OrderOwnership } from './order-ownership';

const caller: AuthenticatedAccount = { accountId: 'acc-1', email: 'etude@example.fr', apiKeyId: 'key-1' };

describe('OrderOwnership', () => {
  const looked: string[] = [];
  const ownership = new OrderOwnership({
    findForAccount: async (orderid, accountId) => {
      looked.push(orderid);
      return orderid === 'AB12CD' && accountId === 'acc-1' ? ({ orderid } as OrderEntity) : null;
    },
    findById: async (orderid) => {
      looked.push(orderid);
      return orderid === 'AB12CD' ? ({ orderid } as OrderEntity) : null;
    },
    findAccountEmail: async (orderid) => (orderid === 'AB12CD' ? 'etude@example.fr' : null),
  });
  const operator: OperatorIdentity = { id: 'op-1', email: 'agent@prestataire.fr', role: 'viewer' };

  it("gives the caller's own order", async () => {
    expect((await ownership.orderOf(caller, 'AB12CD')).orderid).toBe('AB12CD');
  });

  it.each([
    ['another account', { ...caller, accountId: 'acc-2' }, 'AB12CD'],
    ['an unknown id', caller, 'ZZ99ZZ'],
  ])('answers 404 for the order of %s', async (_case, who, orderid) => {
    await expect(ownership.orderOf(who, orderid)).rejects.toMatchObject(new DomainError('order_not_found'));
  });

  it("gives an operator any account's order, and the email of the order's account", async () => {
    const order = await ownership.orderOf(operator, 'AB12CD');
    expect(order.orderid).toBe('AB12CD');
    expect(await ownership.accountEmailOf(operator, order)).toBe('etude@example.fr');
    expect(await ownership.accountEmailOf(caller, order)).toBe(caller.email);
    await expect(ownership.orderOf(operator, 'ZZ99ZZ')).rejects.toMatchObject({ code: 'order_not_found' });
  });

  it('answers 404 for a malformed id without looking it up', async () => {
    looked.length = 0;
    for (const who of [caller, operator]) {
      await expect(ownership.orderOf(who, "AB12CD' OR 1=1")).rejects.toMatchObject({
        code: 'order_not_found',
      });
    }
    expect(looked).toEqual([]);
  });
});
