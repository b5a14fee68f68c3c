import { contentIs, isUploadMimetype } from './uploaded-document';

// Markup where a document was expected: an extranet's login, error or "session expired" page. Read as
// Latin-1, so a UTF-8 byte order mark shows as its three characters.
const HTML_PAGE = /^(?:\u00ef\u00bb\u00bf)?\s*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;

/**
 * Why the bytes an extranet sent for a listed document are not that document, or null when they may
 * be: nothing, a web page, or not the PDF or image the listing (or the answer) said. Such bytes are not
 * kept: the document stays missing, as when it is not listed, and is fetched again at the next poll.
 */
export function collectedContentProblem(content: Buffer, listed: string, received: string): string | null {
  if (content.length === 0) return 'empty content';
  if (HTML_PAGE.test(content.subarray(0, 256).toString('latin1'))) return 'a web page';
  for (const type of new Set([listed, received])) {
    if (isUploadMimetype(type) && !contentIs(content, type))
      return `not the ${type} document it was said to be`;
  }
  return null;
}
