import busboy from 'busboy';
import { type Request } from 'express';
import { DomainError } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS } from '@libs/platform/messages.fr';
import { announcedBodyRefusal } from '../../platform/http/announced-body';
import { HttpRefusal } from '../../platform/http/http-refusal';

/** A console form as the browser sent it: its fields (repeated names as arrays) and its files. */
export interface ConsoleFormBody {
  fields: Record<string, string | string[]>;
  files: UploadedFormFile[];
}

/** A request whose form ConsoleFormInterceptor has read. */
export type ConsoleFormRequest = Omit<Request, 'body'> & { body: ConsoleFormBody };

export interface UploadedFormFile {
  field: string;
  filename: string;
  /** As the browser declared it; the services check the bytes against it. */
  mimeType: string;
  content: Buffer;
}

export interface ConsoleFormLimits {
  /** The whole body, announced or received. */
  bytes: number;
  fields: number;
  files: number;
}

/** The bodies this reader produced: the form a request sent, told apart from anything else on `body`. */
const READ_FORMS = new WeakSet<ConsoleFormBody>();

/** The fields of the form the request sent, once read (none when it was refused before). */
export function submittedFields(req: { body?: unknown }): ConsoleFormBody['fields'] {
  const body = req.body as ConsoleFormBody | undefined;
  return typeof body === 'object' && body !== null && READ_FORMS.has(body) ? body.fields : {};
}

/**
 * The limits of a page's form (not the login's, not an upload): a statement of a large co-ownership, a
 * few hundred inputs per lot.
 */
export const PAGE_FORM_LIMITS: ConsoleFormLimits = { bytes: 8 * 1024 * 1024, fields: 100_000, files: 0 };

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Reads an urlencoded or multipart form (busboy) within `limits`: beyond them 413, another media type
 * or a compressed body 415. A file input with no file chosen is left out. Called once the session is
 * checked.
 */
export function readConsoleForm(req: Request, limits: ConsoleFormLimits): Promise<ConsoleFormBody> {
  return new Promise((resolve, reject) => {
    if (!FORM_TYPES.test(req.headers['content-type'] ?? '')) {
      reject(new HttpRefusal('unsupported_media_type'));
      return;
    }
    const refusal = announcedBodyRefusal(req.headers, limits.bytes);
    if (refusal) {
      reject(refusal);
      return;
    }
    // No prototype: a field named `__proto__` or `toString` is a field like any other.
    const body: ConsoleFormBody = { fields: Object.create(null) as ConsoleFormBody['fields'], files: [] };
    let received = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      // The rest is discarded unread once the answer is sent (unread-body.middleware.ts).
      reject(error);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fields: limits.fields,
          files: limits.files,
          fileSize: limits.bytes,
          fieldSize: limits.bytes,
        },
      });
    } catch {
      // A multipart type without its boundary, an unknown charset…
      reject(malformed());
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new HttpRefusal('payload_too_large'));
      // Appended in place: copying the list at each value made a name posted many times quadratic.
      const previous = body.fields[name];
      if (previous === undefined) body.fields[name] = value;
      else if (Array.isArray(previous)) previous.push(value);
      else body.fields[name] = [previous, value];
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new HttpRefusal('payload_too_large')));
      stream.on('close', () => {
        const content = Buffer.concat(chunks);
        // An input with no file chosen has no name; a file chosen, empty or not, is the services' to judge.
        if (info.filename) {
          body.files.push({ field, filename: info.filename, mimeType: info.mimeType, content });
        }
      });
    });
    parser.on('fieldsLimit', () => fail(new HttpRefusal('payload_too_large')));
    parser.on('filesLimit', () => fail(new HttpRefusal('payload_too_large')));
    // A form cut short or malformed is the client's fault, not the service's.
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (failed) return;
      READ_FORMS.add(body);
      resolve(body);
    });
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.bytes) fail(new HttpRefusal('payload_too_large'));
    });
    req.pipe(parser);
  });
}

function malformed(): DomainError {
  return new DomainError('validation_failed', {}, CONSOLE_TEXTS.errors.malformedForm);
}
