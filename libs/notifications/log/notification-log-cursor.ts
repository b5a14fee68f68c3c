import { DomainError } from '@libs/platform/domain-error';
import { isUuid } from '@libs/platform/uuid';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';

/**
 * Opaque cursor of the delivery log: the last notification of the page. The next page starts after it
 * in the log's order (creation time, then id), read from its row, so no timestamp precision is lost.
 */
export function encodeNotificationLogCursor(notificationId: string): string {
  return Buffer.from(notificationId, 'utf8').toString('base64url');
}

/** The notification id a cursor stands for; a validation error (400) when it is not one of ours. */
export function decodeNotificationLogCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  // Issued in lower case, as PostgreSQL writes uuids.
  if (isUuid(id) && id === id.toLowerCase()) return id;
  throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.cursor());
}
