import PDFKitDocument from 'pdfkit';
import { PDFDocument, PDFName, PDFObjectCopier, PDFString } from 'pdf-lib';
import { extractPdfText } from '@test/support/pdf-text';
import { PdfIncrementalUpdate } from './pdf-incremental-update';
import { pdfkitBytes } from './pdfkit-bytes';

function pdfkitFile(pages: string[]): Promise<Buffer> {
  const doc = new PDFKitDocument({ size: 'A4', info: { Title: 'Original' } });
  const bytes = pdfkitBytes(doc);
  pages.forEach((text, index) => {
    if (index > 0) doc.addPage();
    doc.text(text);
  });
  doc.end();
  return bytes;
}

describe('PdfIncrementalUpdate', () => {
  it('appends pages and a new information dictionary after the original bytes, read back by pdf.js and pdf-lib', async () => {
    const original = await pdfkitFile(['Première page', 'Deuxième page']);
    const donor = await PDFDocument.load(await pdfkitFile(['Page ajoutée']));
    const update = PdfIncrementalUpdate.open(original)!;
    expect(update).not.toBeNull();

    const copier = PDFObjectCopier.for(donor.context, update.context);
    update.appendPages([update.context.register(copier.copy(donor.getPage(0).node))]);
    const info = update.context.obj({ Title: PDFString.of('Mise à jour') });
    const updated = await update.save(info, 1);

    expect(updated.subarray(0, original.length).equals(original)).toBe(true);
    const { pages, pageTexts } = await extractPdfText(updated);
    expect(pages).toBe(3);
    expect(pageTexts[2]).toContain('Page ajoutée');
    const loaded = await PDFDocument.load(updated, { updateMetadata: false });
    expect(loaded.getTitle()).toBe('Mise à jour');
    // The update's own trailer chains to the original's table.
    const tail = updated.subarray(updated.length - 400).toString('latin1');
    expect(tail).toMatch(/\/Prev \d+/);
    expect(loaded.catalog.get(PDFName.of('Pages'))).toBeDefined();
  });

  it('refuses what it cannot update without parsing it all, so the caller rebuilds the file', async () => {
    const original = await pdfkitFile(['Une page']);
    // A cross-reference stream (pdf-lib's default) has no classic table to extend.
    const withStream = Buffer.from(await (await PDFDocument.load(original)).save());
    expect(PdfIncrementalUpdate.open(withStream)).toBeNull();
    // Cut short: no `startxref` at its end.
    expect(PdfIncrementalUpdate.open(original.subarray(0, original.length - 40))).toBeNull();
    // A table that points elsewhere than at the catalog.
    const text = original.toString('latin1');
    const xref = text.lastIndexOf('xref\n0 ');
    const entries = text.indexOf('\n', text.indexOf('\n', xref) + 1) + 1;
    const shifted = Buffer.from(original);
    for (let n = 1; n * 20 + entries < text.indexOf('trailer', xref); n++) {
      shifted.write('0000000017', entries + n * 20, 'latin1');
    }
    expect(shifted.equals(original)).toBe(false);
    expect(PdfIncrementalUpdate.open(shifted)).toBeNull();
    // Encrypted files are not updated.
    const encrypted = Buffer.from(text.replace(/trailer\n<<\n/, 'trailer\n<<\n/Encrypt 1 0 R\n'), 'latin1');
    expect(encrypted.toString('latin1')).toContain('/Encrypt 1 0 R');
    expect(PdfIncrementalUpdate.open(encrypted)).toBeNull();
  });
});
