import { type NextFunction, type Request, type Response } from 'express';
import { DomainError } from '../../../../libs/domain/domain-error';
import {
  JSON_SYNTAX_REASONS,
  VALIDATION_MESSAGES,
  jsonPositionText,
} from '../../../../libs/i18n/messages.fr';
import { scanJson } from './json-scanner';
import { describeJsonSyntaxError } from './json-syntax-error';

export interface JsonBodyLimits {
  defaultBytes: number;
  /** Larger limit for the routes where documents travel in base64. */
  uploadBytes: number;
  isUploadRoute(method: string, path: string): boolean;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Far beyond any body of the interface (an order is 3 levels deep); deeper input would only make the
// recursive validation and transformation code overflow its stack.
export const MAX_JSON_DEPTH = 32;

/**
 * Reads and parses JSON bodies itself (instead of the framework's body parser) so that every failure
 * is a DomainError with a French message: 413 beyond the limit, 415 for a non-JSON body, 400 with the
 * position for malformed JSON.
 */
export function jsonBodyMiddleware(limits: JsonBodyLimits) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!METHODS_WITH_BODY.has(req.method)) return next();
    // Mounted for every route, `req.path` is relative to the mount point ('/'): use the full URL's path.
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    const limit = limits.isUploadRoute(req.method, path) ? limits.uploadBytes : limits.defaultBytes;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      // Drain without buffering so the client receives the answer instead of a reset connection.
      req.resume();
      return next(new DomainError('payload_too_large'));
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      received += chunk.length;
      if (received > limit) {
        failed = true;
        chunks.length = 0;
        next(new DomainError('payload_too_large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      // The client went away before the end of its body: nobody is left to answer, and the request
      // log already records the abort. Not a server error.
      if (error.code === 'ECONNRESET') return;
      next(error);
    });
    req.on('end', () => {
      if (failed) return;
      try {
        req.body = parseBody(Buffer.concat(chunks), req.headers['content-type']);
        next();
      } catch (error) {
        next(error);
      }
    });
  };
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return {};
  if (!isJsonContentType(contentType)) throw new DomainError('unsupported_media_type');
  const text = raw.toString('utf8');
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
    throw new DomainError('malformed_json', { reason });
  }
  return JSON.parse(text, scan.reservedKeys ? withoutPrototypeKeys : undefined);
}

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
