import { type SyndicCredentials } from '@libs/extranet/syndic-credentials';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type SecretBox } from '@libs/security/secret-box';

/** The order's syndic credentials, opened from their sealed form; null for orders without any. */
export function syndicCredentialsOf(order: OrderEntity, secretBox: SecretBox): SyndicCredentials | null {
  if (!order.syndicName || !order.syndicUsername || !order.syndicPasswordSealed) return null;
  return {
    name: order.syndicName,
    username: order.syndicUsername,
    password: secretBox.open(order.syndicPasswordSealed, order.orderid),
    ...(order.syndicUrl ? { url: order.syndicUrl } : {}),
  };
}
