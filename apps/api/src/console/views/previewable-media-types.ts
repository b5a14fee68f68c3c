/**
 * Media types the console shows inline, in the order page's preview frame. Anything else a document
 * may carry (an extranet's `text/html`, an SVG, which may hold scripts and forms) is only ever a
 * download, even when asked for inline.
 */
const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function isPreviewable(mimetype: string): boolean {
  return PREVIEWABLE.has(mimetype.split(';')[0]!.trim().toLowerCase());
}
