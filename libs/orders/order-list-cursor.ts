import { DomainError } from '../domain/domain-error';
import { isOrderId } from '../domain/order-id';
import { VALIDATION_MESSAGES } from '../i18n/messages.fr';

export interface OrderListPosition {
  createdAt: Date;
  orderid: string;
}

/** Opaque keyset cursor: stable under concurrent inserts, unlike an offset. */
export function encodeOrderListCursor(position: OrderListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.orderid])).toString(
    'base64url',
  );
}

export function decodeOrderListCursor(cursor: string): OrderListPosition {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      isOrderId(decoded[1])
    ) {
      const createdAt = new Date(decoded[0]);
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, orderid: decoded[1] };
    }
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.cursor());
}
