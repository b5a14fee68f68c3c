import { randomBytes } from 'node:crypto';
import { orderIdFromRandomBytes } from '../domain/order-id';

export function generateOrderId(): string {
  return orderIdFromRandomBytes((size) => randomBytes(size));
}
