import { randomBytes } from 'node:crypto';
import { ORDER_ID_ALPHABET, isOrderId, orderIdFromRandomBytes, orderWorkflowId } from './order-id';

/** A randomBytes stand-in that serves the given bytes in order, recording each request size. */
function scriptedBytes(bytes: number[]) {
  const requests: number[] = [];
  let next = 0;
  const source = (size: number): Uint8Array => {
    requests.push(size);
    const chunk = Array.from({ length: size }, () => {
      if (next >= bytes.length) throw new Error('scripted bytes exhausted');
      return bytes[next++]!;
    });
    return Uint8Array.from(chunk);
  };
  return { source, requests };
}

describe('order ids', () => {
  it('are 6 characters of A-Z0-9', () => {
    for (let i = 0; i < 500; i++) {
      expect(orderIdFromRandomBytes((size) => randomBytes(size))).toMatch(/^[A-Z0-9]{6}$/);
    }
  });

  it('map bytes onto the 36-character alphabet', () => {
    const { source } = scriptedBytes([0, 25, 26, 35, 36, 251, 0, 0, 0, 0, 0, 0]);
    // 36 wraps to 'A'; 251 = 6 * 36 + 35 is the last accepted byte and maps to '9'.
    expect(orderIdFromRandomBytes(source)).toBe('AZ09A9');
  });

  it('skip bytes of 252 and above, so every character stays equally likely', () => {
    const { source, requests } = scriptedBytes([
      // First request: 12 bytes, only two of them usable.
      252, 253, 254, 255, 255, 1, 252, 255, 254, 253, 2, 255,
      // Second request: the four characters still missing, then bytes that must be left unused.
      3, 255, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(orderIdFromRandomBytes(source)).toBe('BCDEFG');
    expect(requests).toEqual([12, 12]);
  });

  it('keep asking for bytes while every byte is rejected', () => {
    const { source, requests } = scriptedBytes([
      ...Array(24).fill(255),
      10,
      11,
      12,
      13,
      14,
      15,
      ...Array(6).fill(0),
    ]);
    expect(orderIdFromRandomBytes(source)).toBe('KLMNOP');
    expect(requests).toHaveLength(3);
  });

  it('give each character exactly 7 of the 252 accepted byte values', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 252; byte++) {
      const id = orderIdFromRandomBytes(() => Uint8Array.from(Array(12).fill(byte)));
      expect(new Set(id).size).toBe(1);
      counts.set(id[0]!, (counts.get(id[0]!) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...ORDER_ID_ALPHABET].sort().join(''));
    expect(new Set(counts.values())).toEqual(new Set([7]));
  });

  it('are recognised by isOrderId', () => {
    for (const id of ['ABC123', '000000', 'ZZZZZZ']) expect(isOrderId(id)).toBe(true);
    for (const value of [
      'abc123',
      'ABC12',
      'ABC1234',
      'ABC-12',
      ' ABC12',
      'ABC12\n',
      'ÉBC123',
      123456,
      null,
    ]) {
      expect(isOrderId(value)).toBe(false);
    }
  });

  it('name their workflow order-<orderid>', () => {
    expect(orderWorkflowId('AB12CD')).toBe('order-AB12CD');
  });
});
