/** The smallest file each upload media type accepts: the right signature and, for a PDF, its end marker. */
export function pdfBytes(marker = 'pièce'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
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
