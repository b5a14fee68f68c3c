import { extensionOf } from './document-storage-key';

/** The `documents` columns' lengths, in characters (StoredDocumentEntity). */
const TITLE_MAX = 500;
const FILENAME_MAX = 255;

/**
 * A collected document's title as stored: an extranet's title past the column's length is cut, rather
 * than making the row's insert fail on every retry and the whole collection with it.
 */
export function storedTitle(title: string): string {
  return cut(title, TITLE_MAX);
}

/** The file name a client downloads the document under: its title and the media type's extension. */
export function storedFilename(title: string, mimetype: string): string {
  const extension = `.${extensionOf(mimetype)}`;
  return cut(title, FILENAME_MAX - extension.length) + extension;
}

/** At most `max` characters as PostgreSQL counts them (code points), never half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const codePoints = Array.from(text);
  return codePoints.length <= max ? text : codePoints.slice(0, max).join('');
}
