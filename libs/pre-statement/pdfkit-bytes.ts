/**
 * The bytes of a pdfkit document, once it has ended. pdfkit streams them as it writes: call this
 * before drawing, or what was written before would be missing.
 */
export function pdfkitBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
