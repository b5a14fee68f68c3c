import { type IncomingHttpHeaders } from 'node:http';
import { HttpRefusal } from './http-refusal';

/**
 * The `Accept-Encoding` of a 415 for a compressed body (RFC 7694 §3): the service reads request bodies
 * as sent, never inflated, so that a body's limit is the bytes it takes in memory and no small request
 * can expand into a large one.
 */
export const ACCEPTED_REQUEST_CODINGS = 'identity';

/**
 * The refusal of a body sent with a content coding (`Content-Encoding: gzip`, `br`…), or null for one
 * sent as it is. Without it, a gzipped JSON body was read as JSON and refused for its "bytes that are
 * not UTF-8", which sent its client looking for a charset problem.
 */
export function contentCodingRefusal(headers: IncomingHttpHeaders): HttpRefusal | null {
  const coding = (headers['content-encoding'] ?? '').trim().toLowerCase();
  if (coding === '' || coding === ACCEPTED_REQUEST_CODINGS) return null;
  // Echoed in the message: printable ASCII only, and short.
  const shown = coding.replace(/[^\x21-\x7e ]/g, '?').slice(0, 40);
  return new HttpRefusal('unsupported_content_encoding', { encoding: shown });
}
