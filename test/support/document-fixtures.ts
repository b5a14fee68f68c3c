/** The smallest file each upload media type accepts: the right signature and, for a PDF, its end marker. */
/**
 * A small PDF of one blank A4 page, told apart by `marker` (its content hash differs): readable, so the
 * dossier joins it as a real annex would be.
 */
export function pdfBytes(marker = 'pièce'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

export function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR')]);
}

export function jpegBytes(): Buffer {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
}

/** One item of a `documents` list as a client sends it (a PDF summary sheet unless overridden). */
export function uploadItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    doctype: 1,
    filename: 'fiche-synthetique.pdf',
    mimetype: 'application/pdf',
    content: pdfBytes().toString('base64'),
    ...overrides,
  };
}
