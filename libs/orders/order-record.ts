import { formatHttpDate } from './http-date';
import { isPending } from './order-state';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';

/**
 * The published order record; keys in alphabetical order, as the reference service serialises them.
 * A class so that the API documents this very shape (describeSchema); the code builds plain objects of it.
 */
export class OrderRecord {
  account!: string;
  billing_mode!: string | null;
  created!: string;
  external_id!: string;
  orderid!: string;
  pending!: boolean;
  refreshed!: boolean;
  sso_provider!: string | null;
  state!: string;
  test_mode!: boolean;
  updated!: string;
}

export function toOrderRecord(order: OrderEntity, accountEmail: string): OrderRecord {
  return {
    account: accountEmail,
    billing_mode: null,
    created: formatHttpDate(order.createdAt),
    external_id: order.externalId,
    orderid: order.orderid,
    pending: isPending(order.state),
    refreshed: order.refreshed,
    sso_provider: null,
    state: order.state,
    test_mode: order.testMode,
    updated: formatHttpDate(order.updatedAt),
  };
}
