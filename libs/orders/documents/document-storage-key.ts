/** File extension of a stored document, by media type; `bin` for a type we do not know. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export function extensionOf(mimetype: string): string {
  return EXTENSIONS[mimetype] ?? 'bin';
}

/**
 * Where the files of an order version live in the document store. Collected documents are named by
 * their content hash, so the same bytes are stored once per version whatever their source.
 */
export const documentStorageKeys = {
  collected(
    orderid: string,
    version: number,
    source: 'extranet' | 'upload' | 'operator',
    sha256: string,
    mimetype: string,
  ) {
    return `orders/${orderid}/v${version}/${source}-${sha256}.${extensionOf(mimetype)}`;
  },
  preStatement(orderid: string, version: number): string {
    return `orders/${orderid}/v${version}/pre-etat-date-${orderid}-v${version}.pdf`;
  },
  /** The pre-statement followed by every annex. */
  dossier(orderid: string, version: number): string {
    return `orders/${orderid}/v${version}/dossier-pre-etat-date-${orderid}-v${version}.pdf`;
  },
};
