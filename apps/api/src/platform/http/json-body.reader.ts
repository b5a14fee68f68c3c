import { isUtf8 } from 'node:buffer';
import { HttpRefusal } from './http-refusal';
import { type Request, type Response } from 'express';
import { DomainError } from '@libs/platform/domain-error';
import { JSON_SYNTAX_REASONS, VALIDATION_MESSAGES, jsonPositionText } from '@libs/platform/messages.fr';
import { announcedBodyRefusal } from './announced-body';
import { scanJson } from './json-scanner';
import { describeJsonSyntaxError } from './json-syntax-error';

// Far beyond any body of the interface (an order is 3 levels deep); deeper input would only make the
// recursive validation and transformation code overflow its stack.
export const MAX_JSON_DEPTH = 32;

/**
 * Reads and parses a route's JSON body (instead of the framework's body parser), once the caller is
 * authenticated, so that every failure is a DomainError with a French message: 413 beyond `limitBytes`
 * (announced or received), 415 for a non-JSON or compressed body, 400 with the position for malformed
 * JSON or with the depth for too deep a body. A body its client abandons half-way leaves the promise
 * pending: nobody is left to answer, and the request log records the abort.
 */
export function readJsonBody(req: Request, res: Response, limitBytes: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const refusal = announcedBodyRefusal(req.headers, limitBytes);
    if (refusal) {
      reject(refusal);
      return;
    }
    // The client waits for this before sending a body it announced with `Expect: 100-continue`
    // (http-application.ts defers it to here): a refused request never has its body sent at all.
    if (/100-continue/i.test(req.headers.expect ?? '')) res.writeContinue();
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        // The rest is discarded unread once the answer is sent (unread-body.middleware.ts).
        stop();
        chunks.length = 0;
        reject(new HttpRefusal('payload_too_large'));
        return;
      }
      chunks.push(chunk);
    };
    const onError = (error: NodeJS.ErrnoException) => {
      stop();
      if (error.code !== 'ECONNRESET') reject(error);
    };
    const onEnd = () => {
      stop();
      try {
        resolve(parseJsonBody(Buffer.concat(chunks, received), req.headers['content-type']));
      } catch (error) {
        reject(error);
      }
    };
    const stop = () => {
      req.off('data', onData);
      req.off('error', onError);
      req.off('end', onEnd);
    };
    req.on('data', onData);
    req.on('error', onError);
    req.on('end', onEnd);
  });
}

export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return {};
  if (!isJsonContentType(contentType)) throw new HttpRefusal('unsupported_media_type');
  const text = utf8Text(raw);
  // One pass that stops at the first error or at the depth limit, before anything is built: V8's own
  // parser would build all of a deep body first, and gives no position for some errors.
  const scan = scanJson(text, MAX_JSON_DEPTH);
  if (scan.kind === 'too_deep') {
    throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.nestingTooDeep(MAX_JSON_DEPTH));
  }
  if (scan.kind === 'syntax_error') {
    const reason =
      text.trim() === ''
        ? `${JSON_SYNTAX_REASONS.emptyBody} (${jsonPositionText(1, 1, 0)})`
        : describeJsonSyntaxError(scan, text);
    throw new HttpRefusal('malformed_json', { reason });
  }
  return JSON.parse(text, scan.reservedKeys ? withoutPrototypeKeys : undefined);
}

/**
 * The body as text, refused where its bytes are not UTF-8 (RFC 8259 §8.1): decoding them anyway would
 * put U+FFFD in place of a Latin-1 "É", and into the names printed on a legal document. A BOM is kept,
 * and refused by the scan, as before.
 */
function utf8Text(raw: Buffer): string {
  if (isUtf8(raw)) return raw.toString('utf8');
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(raw);
  // Everything before the first bad sequence decoded as sent: it is the first U+FFFD the body did not
  // spell out itself (EF BF BD). Its byte offset is counted on from the previous one, each stretch of
  // text measured once: measured from the start every time, a body of U+FFFD took minutes.
  let index = text.indexOf('\uFFFD');
  let offset = Buffer.byteLength(text.slice(0, Math.max(index, 0)));
  while (index >= 0 && raw.subarray(offset, offset + 3).equals(REPLACEMENT)) {
    const next = text.indexOf('\uFFFD', index + 1);
    if (next >= 0) offset += REPLACEMENT.length + Buffer.byteLength(text.slice(index + 1, next));
    index = next;
  }
  const before = text.slice(0, Math.max(index, 0));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  throw new HttpRefusal('malformed_json', {
    reason: `${JSON_SYNTAX_REASONS.notUtf8} (${jsonPositionText(line, column, before.length)})`,
  });
}

const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);

// Never fields of the interface; dropped so no code down the line can be tricked into touching prototypes.
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function withoutPrototypeKeys(key: string, value: unknown): unknown {
  return PROTOTYPE_KEYS.has(key) ? undefined : value;
}

function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}
