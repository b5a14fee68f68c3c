/** Order identifiers: 6 characters from A-Z0-9 (docs/contract.md §3). */
export const ORDER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const ORDER_ID_LENGTH = 6;
const ORDER_ID_PATTERN = /^[A-Z0-9]{6}$/;

export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID_PATTERN.test(value);
}

/**
 * Builds an order id from random bytes. Rejection sampling keeps every character equally likely
 * (256 is not a multiple of 36).
 */
export function orderIdFromRandomBytes(randomBytes: (size: number) => Uint8Array): string {
  const limit = 256 - (256 % ORDER_ID_ALPHABET.length);
  let id = '';
  while (id.length < ORDER_ID_LENGTH) {
    for (const byte of randomBytes(ORDER_ID_LENGTH * 2)) {
      if (byte < limit && id.length < ORDER_ID_LENGTH)
        id += ORDER_ID_ALPHABET[byte % ORDER_ID_ALPHABET.length];
    }
  }
  return id;
}

export function orderWorkflowId(orderid: string): string {
  return `order-${orderid}`;
}
