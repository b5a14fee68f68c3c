import { DomainError } from '@libs/platform/domain-error';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type OrderCaller, isOperator } from './order-caller';
import { isOrderId } from './order-id';
import { type OrderRepository } from './order.repository';

/**
 * The one way a caller reaches an order: by its id, among a client's own orders (an operator reaches any).
 * Anything else (an unknown id, a malformed one, another account's order) is the same 404, so an order's
 * existence is never revealed to another account.
 */
export class OrderOwnership {
  constructor(
    private readonly orders: Pick<OrderRepository, 'findForAccount' | 'findById' | 'findAccountEmail'>,
  ) {}

  async orderOf(caller: OrderCaller, orderid: string): Promise<OrderEntity> {
    let order: OrderEntity | null = null;
    if (isOrderId(orderid)) {
      order = isOperator(caller)
        ? await this.orders.findById(orderid)
        : await this.orders.findForAccount(orderid, caller.accountId);
    }
    if (!order) throw new DomainError('order_not_found');
    return order;
  }

  /** The email of the order's account: the client's own, or read for an operator. */
  async accountEmailOf(caller: OrderCaller, order: OrderEntity): Promise<string> {
    if (!isOperator(caller)) return caller.email;
    return (await this.orders.findAccountEmail(order.orderid)) ?? '';
  }
}
