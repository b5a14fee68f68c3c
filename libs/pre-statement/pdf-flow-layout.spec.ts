import PDFDocument from 'pdfkit';
import { extractPdfText } from '@test/support/pdf-text';
import { PAGE_MARGINS, PdfFlowLayout, type TableSpec } from './pdf-flow-layout';
import { PDF_FONTS } from './pdf-fonts';
import { pdfkitBytes } from './pdfkit-bytes';

/** A layout on a fresh A4 document, and a way to read its pages back as text. */
function newLayout(): { layout: PdfFlowLayout; doc: PDFKit.PDFDocument; pages: () => Promise<string[]> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...PAGE_MARGINS },
    bufferPages: true,
    font: PDF_FONTS.regular as unknown as string,
  });
  const bytes = pdfkitBytes(doc);
  const layout = new PdfFlowLayout(doc);
  return {
    layout,
    doc,
    pages: async () => {
      layout.end();
      doc.end();
      return (await extractPdfText(await bytes)).pageTexts;
    },
  };
}

/** Moves the cursor so that `height` is left above the bottom margin. */
function leaveOnPage(doc: PDFKit.PDFDocument, height: number): void {
  doc.y = doc.page.height - doc.page.margins.bottom - height;
}

const CONTENT = 'Aucune procédure en cours.';

function rowsTable(count: number): TableSpec {
  return {
    columns: [
      { header: 'Libellé', weight: 70 },
      { header: 'Montant', weight: 30, align: 'right' },
    ],
    rows: Array.from({ length: count }, (_, index) => ({
      cells: [`Ligne ${index + 1}`, `${index + 1},00 €`],
    })),
  };
}

describe('PdfFlowLayout', () => {
  it.each([
    // Room for the heading and two lines: enough for this paragraph, less than three lines.
    [
      'both fit at the foot of a page, on that page',
      (layout: PdfFlowLayout) => 32 + layout.measureParagraph(CONTENT),
      1,
    ],
    ['the heading alone fits, both on the next page', () => 20, 2],
  ])('keeps a heading with its one-line paragraph: when %s', async (_label, room, pageCount) => {
    const { layout, doc, pages } = newLayout();
    leaveOnPage(doc, room(layout));
    layout.subHeading('Procédures en cours', layout.measureParagraph(CONTENT));
    layout.paragraph(CONTENT);
    const texts = await pages();
    expect(texts).toHaveLength(pageCount);
    expect(texts[pageCount - 1]).toMatch(/Procédures en cours\s+Aucune procédure en cours\./);
  });

  it('never leaves a table’s last row alone at the top of a page: the row before goes with it', async () => {
    const { layout, doc, pages } = newLayout();
    const table = rowsTable(12);
    // Room for all rows but the last one.
    const allButLast = layout.measureTable({ ...table, rows: table.rows.slice(0, -1) });
    leaveOnPage(doc, allButLast + 1);
    layout.table(table);
    const texts = await pages();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Ligne 10');
    expect(texts[0]).not.toContain('Ligne 11');
    expect(texts[1]).toMatch(/Libellé\s+Montant\s+Ligne 11\s+11,00 €\s+Ligne 12/);
  });
});
