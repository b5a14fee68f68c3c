import { type IncomingHttpHeaders } from 'node:http';
import { HttpRefusal } from './http-refusal';
import { contentCodingRefusal } from './request-content-coding';

/**
 * What a body reader refuses from the headers alone, before a byte is read: a compressed body (415),
 * then a `Content-Length` beyond `limitBytes` (413). Null when the body may be read.
 */
export function announcedBodyRefusal(headers: IncomingHttpHeaders, limitBytes: number): HttpRefusal | null {
  const codingRefusal = contentCodingRefusal(headers);
  if (codingRefusal) return codingRefusal;
  return Number(headers['content-length'] ?? 0) > limitBytes ? new HttpRefusal('payload_too_large') : null;
}
