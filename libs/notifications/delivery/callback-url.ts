import { type AccountEntity } from '@libs/persistence/entities/account.entity';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';

/**
 * Where an order's notifications go: the order's own callback URL, else its account's; null when
 * neither has one (the notification is then not sent). Decided anew at every attempt: a URL set later
 * serves the notifications still to be sent and those redelivered.
 */
export function callbackUrlOf(
  order: Pick<OrderEntity, 'callbackUrl'>,
  account: Pick<AccountEntity, 'callbackUrl'>,
): string | null {
  return order.callbackUrl || account.callbackUrl || null;
}
