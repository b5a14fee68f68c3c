import { randomBytes } from 'node:crypto';
import { orderIdFromRandomBytes } from '../order-id';

export function generateOrderId(): string {
  return orderIdFromRandomBytes((size) => randomBytes(size));
}
