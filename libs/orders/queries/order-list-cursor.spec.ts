import { DomainError } from '@libs/platform/domain-error';
import { decodeOrderListCursor, encodeOrderListCursor } from './order-list-cursor';

const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('order list cursor', () => {
  it('decodes to the position it was made from, to the millisecond', () => {
    const position = { createdAt: new Date('2025-03-25T17:32:39.123Z'), orderid: 'AB12CD' };
    const cursor = encodeOrderListCursor(position);
    expect(decodeOrderListCursor(cursor)).toEqual(position);
  });

  it('is URL-safe', () => {
    for (let i = 0; i < 50; i++) {
      const cursor = encodeOrderListCursor({
        createdAt: new Date(1_700_000_000_000 + i * 7919),
        orderid: 'ZZ99ZZ',
      });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it.each([
    ['empty', ''],
    ['not base64 JSON', 'not-a-cursor'],
    ['base64 of non-JSON', Buffer.from('hello').toString('base64url')],
    ['an object', encodeJson({ createdAt: '2025-03-25T17:32:39.123Z', orderid: 'AB12CD' })],
    ['a one-element array', encodeJson(['2025-03-25T17:32:39.123Z'])],
    ['a three-element array', encodeJson(['2025-03-25T17:32:39.123Z', 'AB12CD', 'x'])],
    ['an invalid date', encodeJson(['not a date', 'AB12CD'])],
    ['a numeric date', encodeJson([1742923959123, 'AB12CD'])],
    ['a malformed order id', encodeJson(['2025-03-25T17:32:39.123Z', 'ab12cd'])],
    ['an order id with SQL', encodeJson(['2025-03-25T17:32:39.123Z', "' OR 1=1 --"])],
    ['null', encodeJson(null)],
    // Valid JavaScript dates, out of PostgreSQL's timestamp range: the query would fail (a 500).
    ['a date before 4713 BC', encodeJson(['-271821-04-20T00:00:00.000Z', 'AB12CD'])],
    ['a date with a 6-digit year', encodeJson(['+275760-09-13T00:00:00.000Z', 'AB12CD'])],
    ['a date in another format', encodeJson(['2025-03-25', 'AB12CD'])],
    ['a date that does not exist', encodeJson(['2025-02-30T00:00:00.000Z', 'AB12CD'])],
  ])('refuses a cursor that is %s', (_case, cursor) => {
    let thrown: unknown;
    try {
      decodeOrderListCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('validation_failed');
    expect((thrown as DomainError).detailText).toBe("Le paramètre 'cursor' n'est pas valide");
  });
});
