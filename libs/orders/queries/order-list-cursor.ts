import { DomainError } from '@libs/platform/domain-error';
import { isOrderId } from '../order-id';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';

export interface OrderListPosition {
  createdAt: Date;
  orderid: string;
}

const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

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
      // Only what encodeOrderListCursor writes, with a 4-digit year: JavaScript dates reach years that
      // PostgreSQL's timestamps do not (before 4713 BC), which the query would fail on. An invalid
      // date throws here, and the 30th of February does not read back the same.
      const createdAt = new Date(decoded[0]);
      if (CURSOR_DATE.test(decoded[0]) && createdAt.toISOString() === decoded[0]) {
        return { createdAt, orderid: decoded[1] };
      }
    }
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.cursor());
}
