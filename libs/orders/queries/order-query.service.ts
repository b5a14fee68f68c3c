import { type OrderState } from '../order-state';
import { type OrderOwnership } from '../order-ownership';
import { type OrderRepository } from '../order.repository';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { decodeOrderListCursor, encodeOrderListCursor } from './order-list-cursor';
import { type OrderRecord, toOrderRecord } from '../order-record';

export interface OrderListRequest {
  state: OrderState | null;
  externalId: string | null;
  limit: number;
  cursor: string | null;
}

/**
 * One page of the account's orders. A class so that the API documents this very shape (describeSchema); the
 * code builds plain objects of it.
 */
export class OrderPage {
  next_cursor!: string | null;
  orders!: OrderRecord[];
}

export class OrderQueryService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly orders: OrderRepository,
  ) {}

  /** Another account's order answers exactly like a missing one: its existence is never revealed. */
  async get(caller: AuthenticatedAccount, orderid: string): Promise<OrderRecord> {
    return toOrderRecord(await this.ownership.orderOf(caller, orderid), caller.email);
  }

  async list(caller: AuthenticatedAccount, request: OrderListRequest): Promise<OrderPage> {
    const after = request.cursor === null ? null : decodeOrderListCursor(request.cursor);
    // One extra row tells whether another page exists without a count query.
    const rows = await this.orders.listForAccount({
      accountId: caller.accountId,
      state: request.state,
      externalId: request.externalId,
      limit: request.limit + 1,
      after,
    });
    const page = rows.slice(0, request.limit);
    const last = page[page.length - 1];
    return {
      next_cursor: rows.length > request.limit && last ? encodeOrderListCursor(last) : null,
      orders: page.map((o) => toOrderRecord(o, caller.email)),
    };
  }
}
