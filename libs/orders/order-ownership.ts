import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { isOrderId } from './order-id';
import { type OrderRepository } from './order.repository';

/**
 * The one way a caller reaches an order: by its id, among the caller's own orders. Anything else (an
 * unknown id, a malformed one, another account's order) is the same 404, so an order's existence is
 * never revealed to another account.
 */
export class OrderOwnership {
  constructor(private readonly orders: Pick<OrderRepository, 'findForAccount'>) {}

  async orderOf(caller: AuthenticatedAccount, orderid: string): Promise<OrderEntity> {
    const order = isOrderId(orderid) ? await this.orders.findForAccount(orderid, caller.accountId) : null;
    if (!order) throw new DomainError('order_not_found');
    return order;
  }
}
