import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { TRANSPORT_MESSAGES } from '@libs/platform/messages.fr';
import { errorEnvelope } from './envelope';

const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, TRANSPORT_MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, TRANSPORT_MESSAGES.requestTimeout],
};

/**
 * Requests Node's HTTP parser refuses before any route sees them (headers beyond its limit, bytes that
 * are not HTTP, a head too slow to arrive) get the envelope too, instead of Node's bare status line;
 * a HEAD gets the status and headers only, as HTTP requires, and so does a request that may have been
 * one.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = ANSWERS[error.code ?? ''] ?? [400, TRANSPORT_MESSAGES.malformedRequest];
  const method = methodOf(error.rawPacket);
  // Headers too large, their request line in an earlier packet: the request may have been a HEAD.
  const unknownHead = method === null && error.code === 'HPE_HEADER_OVERFLOW';
  const envelope = JSON.stringify(errorEnvelope(message));
  // Content-Length says what the envelope weighs to a HEAD, as when the router answers one.
  const length = unknownHead ? 0 : Buffer.byteLength(envelope);
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${length}`,
      // Every answer carries one (docs/contract.md §1); these requests were never read, so it is new.
      `X-Request-Id: ${randomUUID()}`,
      'X-Content-Type-Options: nosniff',
      "Content-Security-Policy: default-src 'none';frame-ancestors 'none'",
      'Cache-Control: no-store',
      'Connection: close',
      '',
      unknownHead || method === 'HEAD' ? '' : envelope,
    ].join('\r\n'),
  );
}

/**
 * The method of the refused request, when Node handed over the packet holding its request line: it
 * does when the request's head came in one read (up to 64 KiB), which is why Node's own limit is set
 * well under that (http-application.ts). Null otherwise.
 */
function methodOf(packet: Buffer | undefined): string | null {
  // A method, then a request target (`/path`, `*` or an absolute URL), however long the URL.
  const match = /^([A-Z]+) (?:\/|\*|https?:\/\/)/.exec(packet?.subarray(0, 32).toString('latin1') ?? '');
  return match ? match[1]! : null;
}
