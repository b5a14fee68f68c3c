import { type Doctype, isDoctype } from '../doctype';
import { type DocumentKind, kindsOf } from '../document-kind';
import { type Base64Problem, decodeDocumentBase64 } from './document-base64';
import { DomainError } from '@libs/platform/domain-error';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';

export const UPLOAD_MIMETYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type UploadMimetype = (typeof UPLOAD_MIMETYPES)[number];

export const MAX_DOCUMENTS_PER_REQUEST = 20;
export const MAX_FILENAME_LENGTH = 255;

/** A document sent by the client (upload method) or attached by an operator, validated and decoded. */
export interface UploadedDocument {
  doctype: Doctype;
  /**
   * Finer than `doctype`, one of its kinds, when the client or an operator says what it is. Absent, the
   * document is of its code's only kind, or, for codes 3 and 4, of a kind not said (document-kind.ts).
   */
  kind?: DocumentKind;
  filename: string;
  mimetype: UploadMimetype;
  content: Buffer;
}

export interface UploadedDocumentsCheck {
  documents: UploadedDocument[];
  /**
   * French texts, one per field in error of each invalid item, naming the item's index in the list; empty
   * when all are valid.
   */
  errors: string[];
}

// `%%EOF` may be followed by a few trailing bytes (line ends, padding); 1 KiB is the usual reader tolerance.
const PDF_EOF_WINDOW = 1024;
// Runs of PDF white space (ISO 32000-1, 7.2.2), bounded so that each attempt stays short on hostile bytes.
const PDF_SPACE = '[\\0\\t\\n\\f\\r ]{1,32}';
const CATALOG_REFERENCE = new RegExp(`/Root${PDF_SPACE}(\\d{1,10})${PDF_SPACE}(\\d{1,5})${PDF_SPACE}R`);
/** The same, matched only where `lastIndex` says (sticky). */
const CATALOG_REFERENCE_AT = new RegExp(CATALOG_REFERENCE.source, 'y');
/** `1 0 obj`, not preceded by another digit (`11 0 obj` is another object). */
const indirectObject = (number: string, generation: string) =>
  new RegExp(`(?<![0-9])${number}${PDF_SPACE}${generation}${PDF_SPACE}obj`);
const SIGNATURES: Record<Exclude<UploadMimetype, 'application/pdf'>, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_FILENAME = /[/\\\u0000-\u001f\u007f]/;

/**
 * Checks a `documents` list (creation body or `POST /order/<id>/documents`): at most 20 items, each
 * `{doctype: 1..10, kind?, filename, mimetype, content}` where `kind`, when given, is one of the
 * doctype's kinds, with strict base64 content whose bytes match the declared type. Every invalid item
 * is reported with its index (0-based, as in `documents[0]`).
 */
export function checkUploadedDocuments(
  value: unknown,
  minItems: number,
  field = 'documents',
): UploadedDocumentsCheck {
  if (!Array.isArray(value)) return { documents: [], errors: [M.array(field)] };
  if (value.length < minItems || value.length > MAX_DOCUMENTS_PER_REQUEST) {
    return { documents: [], errors: [M.arraySize(field, minItems, MAX_DOCUMENTS_PER_REQUEST)] };
  }
  const documents: UploadedDocument[] = [];
  const errors: string[] = [];
  value.forEach((item: unknown, index) => {
    const checked = checkItem(item, `${field}[${index}]`);
    if (Array.isArray(checked)) errors.push(...checked.map((reason) => M.documentItem(index, reason)));
    else documents.push(checked);
  });
  return { documents: errors.length === 0 ? documents : [], errors };
}

/** The decoded documents; throws the validation error naming every invalid item. */
export function decodeUploadedDocuments(value: unknown, minItems: number): UploadedDocument[] {
  const { documents, errors } = checkUploadedDocuments(value, minItems);
  if (errors.length > 0) throw new DomainError('validation_failed', {}, errors.join(' ; '));
  return documents;
}

/**
 * The decoded document, or the French reasons it is refused: one per field in error, so that a client
 * fixes an item in one round trip, as for the rest of the body. A check that needs another field's value
 * (the kind needs its doctype, the bytes their declared type) is made only once that field is valid.
 */
function checkItem(item: unknown, itemPath: string): UploadedDocument | string[] {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return [M.object(itemPath)];
  const { doctype, kind, filename, mimetype, content } = item as Record<string, unknown>;
  const problems: string[] = [];
  const valueOf = <T>(checked: FieldCheck<T>): T | undefined => {
    if ('value' in checked) return checked.value;
    problems.push(checked.problem);
    return undefined;
  };
  const typed = valueOf(checkDoctype(doctype, kind));
  const name = valueOf(checkFilename(filename));
  const type = valueOf(checkMimetype(mimetype));
  const bytes = valueOf(checkContent(content, type));
  if (typed === undefined || name === undefined || type === undefined || bytes === undefined) return problems;
  return { ...typed, filename: name, mimetype: type, content: bytes };
}

/** One field's check: its value as stored, or the French reason it is refused. */
type FieldCheck<T> = { value: T } | { problem: string };

function checkDoctype(
  doctype: unknown,
  kind: unknown,
): FieldCheck<{ doctype: Doctype; kind?: DocumentKind }> {
  if (doctype === undefined || doctype === null) return { problem: M.required('doctype') };
  if (!isDoctype(doctype)) return { problem: M.integerRange('doctype', 1, 10) };
  if (kind === undefined || kind === null) return { value: { doctype } };
  const kinds = kindsOf(doctype);
  if (!kinds.includes(kind as DocumentKind)) return { problem: M.documentKind('kind', doctype, kinds) };
  return { value: { doctype, kind: kind as DocumentKind } };
}

function checkFilename(filename: unknown): FieldCheck<string> {
  if (filename === undefined || filename === null) return { problem: M.required('filename') };
  if (typeof filename !== 'string') return { problem: M.string('filename') };
  const name = filename.trim();
  const problem = filenameProblem(name, 'filename');
  return problem === null ? { value: name } : { problem };
}

function checkMimetype(mimetype: unknown): FieldCheck<UploadMimetype> {
  if (mimetype === undefined || mimetype === null) return { problem: M.required('mimetype') };
  const type = typeof mimetype === 'string' ? mimetype.trim().toLowerCase() : null;
  return isUploadMimetype(type) ? { value: type } : { problem: M.oneOf('mimetype', UPLOAD_MIMETYPES) };
}

/** The bytes are matched against the declared type only when the type itself is valid. */
function checkContent(content: unknown, type: UploadMimetype | undefined): FieldCheck<Buffer> {
  if (content === undefined || content === null) return { problem: M.required('content') };
  if (typeof content !== 'string') return { problem: M.string('content') };
  const decoded = decodeDocumentBase64(content);
  if ('problem' in decoded) return { problem: base64Problem(decoded.problem, 'content') };
  const { bytes } = decoded;
  // '' and a text of line breaks alone both decode to no bytes.
  if (bytes.length === 0) return { problem: M.notEmpty('content') };
  const problem = type === undefined ? null : contentProblem(bytes, type, 'content');
  return problem === null ? { value: bytes } : { problem };
}

/** What is wrong with a document's base64, in French naming `field`. */
function base64Problem(problem: Base64Problem, field: string): string {
  switch (problem.kind) {
    case 'data_url':
      return M.base64DataUrl(field);
    case 'base64url':
      return M.base64Url(field);
    case 'character':
      return M.base64Character(field, problem.character, problem.position);
    case 'length':
      return M.base64Length(field, problem.length);
    case 'padding':
      return M.base64Padding(field);
  }
}

/** What makes a file name unfit to be stored: the rule, worded by each caller for its readers. */
export type FilenameProblem = 'empty' | 'too_long' | 'forbidden_character';

/** Why a (trimmed) file name is refused; null when it is fine. */
export function filenameProblemOf(name: string): FilenameProblem | null {
  if (name === '') return 'empty';
  if (name.length > MAX_FILENAME_LENGTH) return 'too_long';
  if (FORBIDDEN_IN_FILENAME.test(name) || name === '.' || name === '..') return 'forbidden_character';
  return null;
}

/** Why a (trimmed) file name is refused, in French naming `field`; null when it is fine. */
export function filenameProblem(name: string, field: string): string | null {
  switch (filenameProblemOf(name)) {
    case 'empty':
      return M.notEmpty(field);
    case 'too_long':
      return M.maxLength(field, MAX_FILENAME_LENGTH);
    case 'forbidden_character':
      return M.filename(field);
    case null:
      return null;
  }
}

/** Why the bytes are not a document of the declared type, in French naming `field`; null when they are. */
export function contentProblem(bytes: Buffer, type: UploadMimetype, field: string): string | null {
  if (contentIs(bytes, type)) return null;
  return type === 'application/pdf' ? M.pdf(field) : M.contentType(field, type);
}

/** Whether the bytes are a document of `type`: a whole PDF, or an image with its signature. */
export function contentIs(bytes: Buffer, type: UploadMimetype): boolean {
  if (type === 'application/pdf') return isPdf(bytes);
  return bytes.subarray(0, SIGNATURES[type].length).equals(SIGNATURES[type]);
}

export function isUploadMimetype(value: string | null): value is UploadMimetype {
  return (UPLOAD_MIMETYPES as readonly (string | null)[]).includes(value);
}

/**
 * A PDF starts with its `%PDF-` header, ends with the `%%EOF` marker, and has the structure a reader
 * starts from: a trailer (or, from PDF 1.5, a cross-reference stream) naming the document's catalog,
 * `/Root 1 0 R`, and that catalog object, unless it is packed in an object stream. Neither the trailer
 * nor a stream's dictionary is ever compressed, so one linear scan of the bytes finds them; parsing the
 * whole file here would let one upload of many small objects take seconds of the API's time. The
 * dossier's reader is the last judge: a file it still cannot read is listed as unreadable there.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  if (!bytes.subarray(Math.max(0, bytes.length - PDF_EOF_WINDOW)).includes('%%EOF', 0, 'latin1'))
    return false;
  const text = bytes.toString('latin1');
  // The first trailer (a linearized file's is at its start) and the last (an updated file's newest).
  const first = CATALOG_REFERENCE.exec(text);
  if (first === null) return false;
  if (text.includes('/ObjStm')) return true;
  const catalogIsThere = ([, number, generation]: RegExpExecArray) =>
    indirectObject(number!, generation!).test(text);
  if (catalogIsThere(first)) return true;
  const last = lastCatalogReference(text);
  return last !== null && last[0] !== first[0] && catalogIsThere(last);
}

/** The last `/Root n g R` of the text, found from its end: a hostile file's many `/Root` cost one scan. */
function lastCatalogReference(text: string): RegExpExecArray | null {
  for (let at = text.lastIndexOf('/Root'); at >= 0; at = at > 0 ? text.lastIndexOf('/Root', at - 1) : -1) {
    CATALOG_REFERENCE_AT.lastIndex = at;
    const found = CATALOG_REFERENCE_AT.exec(text);
    if (found) return found;
  }
  return null;
}
