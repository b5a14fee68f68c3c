import { isDoctype } from '@libs/orders/doctype';
import { type DocumentKind, isDocumentKind, publishedDoctype } from '@libs/orders/document-kind';
import { type AccountStatement } from '@libs/statement/account-statement';
import { WireFormatError, isCalendarDate } from '@libs/statement/statement-schema';
import { parseWireStatement } from '@libs/statement/statement-wire.parser';
import { type ExtranetDocument } from './extranet-document';
import { ExtranetUnavailableError } from './extranet-errors';

/*
 * Reads the JSON answers of the extranet protocol (apps/extranet-sandbox/README.md). Whatever comes off
 * the wire is checked field by field and copied into fresh objects, so a malformed answer becomes an
 * ExtranetUnavailableError naming the faulty field instead of a crash or a wrong figure in a notary's
 * document, and unknown fields never travel further.
 */

export function parseSessionPayload(body: unknown): string {
  return new PayloadReader(body, 'session').field('token').nonEmptyString();
}

export function parseStatementPayload(body: unknown): AccountStatement {
  try {
    return parseWireStatement(body);
  } catch (error) {
    if (error instanceof WireFormatError) {
      throw new ExtranetUnavailableError(`The extranet sent a malformed answer: ${error.message}`);
    }
    throw error;
  }
}

/** The length of `documents.source_ref`, in characters. */
const MAX_DOCUMENT_ID_LENGTH = 255;

export function parseDocumentListPayload(body: unknown): ExtranetDocument[] {
  return new PayloadReader(body, 'documentList').field('documents').array(readDocument);
}

function readDocument(reader: PayloadReader): ExtranetDocument {
  const doctype = reader.field('doctype');
  if (!isDoctype(doctype.value)) throw doctype.invalid('a doctype code from 1 to 10');
  const size = reader.field('size').nullableInteger();
  if (size === null || size < 0) throw reader.field('size').invalid('a non-negative integer');
  // `kind` came after the protocol's first version: absent (or null), the extranet does not say, and a
  // document of a code with several kinds (3, 4) is not taken for any one of them.
  const kind = reader.field('kind');
  const stated = kind.value === undefined || kind.value === null ? null : kind.value;
  if (stated !== null && !(isDocumentKind(stated) && publishedDoctype(stated) === doctype.value)) {
    throw kind.invalid(`a document kind of doctype ${doctype.value}`);
  }
  return {
    // The id is stored as it is (documents.source_ref) and sent back to download the document.
    id: reader.field('id').nonEmptyString(MAX_DOCUMENT_ID_LENGTH),
    doctype: doctype.value,
    kind: stated as DocumentKind | null,
    title: reader.field('title').string(),
    date: reader.field('date').date(),
    mimetype: reader.field('mimetype').nonEmptyString(),
    size,
  };
}

/** A value at a known path of the answer, so errors can say which field is wrong. */
class PayloadReader {
  constructor(
    readonly value: unknown,
    private readonly path: string,
  ) {}

  field(name: string): PayloadReader {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      throw this.invalid('an object');
    }
    const own = Object.prototype.hasOwnProperty.call(this.value, name);
    return new PayloadReader(
      own ? (this.value as Record<string, unknown>)[name] : undefined,
      `${this.path}.${name}`,
    );
  }

  array<T>(readItem: (item: PayloadReader) => T): T[] {
    if (!Array.isArray(this.value)) throw this.invalid('an array');
    return this.value.map((item, index) => readItem(new PayloadReader(item, `${this.path}[${index}]`)));
  }

  string(): string {
    if (typeof this.value !== 'string') throw this.invalid('a string');
    return this.value;
  }

  nonEmptyString(maxLength = Infinity): string {
    if (typeof this.value !== 'string' || this.value.trim() === '') throw this.invalid('a non-empty string');
    if (Array.from(this.value).length > maxLength) {
      throw this.invalid(`a string of at most ${maxLength} characters`);
    }
    return this.value;
  }

  nullableString(): string | null {
    return this.value === null ? null : this.string();
  }

  nullableInteger(): number | null {
    if (this.value === null) return null;
    if (typeof this.value !== 'number' || !Number.isSafeInteger(this.value)) {
      throw this.invalid('an integer or null');
    }
    return this.value;
  }

  date(): string {
    if (typeof this.value === 'string' && isCalendarDate(this.value)) return this.value;
    throw this.invalid('a date YYYY-MM-DD');
  }

  invalid(expected: string): ExtranetUnavailableError {
    return new ExtranetUnavailableError(
      `The extranet sent a malformed answer: ${this.path} is not ${expected}`,
    );
  }
}
