import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { TRANSPORT_MESSAGES } from '../../../../libs/i18n/messages.fr';
import { errorEnvelope } from './envelope';

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, TRANSPORT_MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, TRANSPORT_MESSAGES.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses before any route sees them (a URL or headers beyond 16 KiB, bytes
 * that are not HTTP) get the envelope too, instead of Node's bare status line.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, TRANSPORT_MESSAGES.malformedRequest];
  const body = JSON.stringify(errorEnvelope(message));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
