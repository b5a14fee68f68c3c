import { DomainError } from '@libs/platform/domain-error';
import { decodeNotificationLogCursor, encodeNotificationLogCursor } from './notification-log-cursor';

describe('notification log cursor', () => {
  const id = '0b8e6a52-3f0a-4c5e-9f61-2d6a1c7e9b10';

  it('is opaque, URL-safe, and decodes to the notification it was made from', () => {
    const cursor = encodeNotificationLogCursor(id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(id);
    expect(decodeNotificationLogCursor(cursor)).toBe(id);
  });

  it.each([
    '',
    'abc',
    Buffer.from('not-a-uuid').toString('base64url'),
    Buffer.from(`${id}x`).toString('base64url'),
  ])('refuses %j as a validation error naming the parameter', (cursor) => {
    let error: unknown;
    try {
      decodeNotificationLogCursor(cursor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'validation_failed',
      detailText: "Le paramètre 'cursor' n'est pas valide",
    });
  });
});
