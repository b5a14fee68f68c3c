import { type Doctype } from '@libs/orders/doctype';
import { defaultKind } from '@libs/orders/document-kind';
import PDFDocument from 'pdfkit';
import { buildPreStatementInput } from '@test/support/pre-statement-input.factory';
import { PDF_FONTS } from './pdf-fonts';
import { pdfkitBytes } from './pdfkit-bytes';
import { usePdfkitFastPaths } from './pdfkit-fast-paths';
import { type PreStatementInput } from './pre-statement-input';
import { renderPreStatementPdf } from './pre-statement.renderer';

/** The same work done with pdfkit's own methods, then with the replacements. */
async function bothWays<T>(work: () => Promise<T>): Promise<{ own: T; fast: T }> {
  usePdfkitFastPaths(false);
  try {
    const own = await work();
    expect(usePdfkitFastPaths(true)).toBe(true);
    return { own, fast: await work() };
  } finally {
    usePdfkitFastPaths(true);
  }
}

describe('pdfkit fast paths', () => {
  it('are on with the pdfkit they were checked against', () => {
    expect(usePdfkitFastPaths(true)).toBe(true);
    const document = PDFDocument.prototype as unknown as { _write: () => void };
    const before = document._write;
    usePdfkitFastPaths(false);
    expect(document._write).not.toBe(before);
    usePdfkitFastPaths(true);
    expect(document._write).toBe(before);
  });

  const annexes = Array.from({ length: 40 }, (_, index) => {
    const doctype = ((index % 10) + 1) as Doctype;
    return { doctype, kind: defaultKind(doctype), title: `Annexe ${index + 1}`, date: null, pages: 2 };
  });
  const inputs: [string, Partial<PreStatementInput>][] = [
    ['a complete order', {}],
    ['a test-mode order (watermark)', { testMode: true }],
    ['an order without a statement', { statement: null }],
    [
      'names in other scripts, characters the font lacks, tabs and line breaks',
      {
        owners: [
          { firstname: 'Nguyễn\tVăn', lastname: 'Ánh' },
          { firstname: 'Łukasz', lastname: 'Żółć\r\nΕλένη Дмитрий 漢字 😀' },
        ],
        property: { address: '3  rue\u00a0du Port ', additional: '', zipcode: '13002', city: 'Marseille' },
      },
    ],
    ['forty annexes (a table over pages)', { documents: annexes }],
  ];

  it.each(inputs)('render the same pre-statement bytes: %s', async (_name, overrides) => {
    const input = buildPreStatementInput(overrides);
    const { own, fast } = await bothWays(() => renderPreStatementPdf(input));
    expect(fast.length).toBeGreaterThan(10_000);
    expect(fast.equals(own)).toBe(true);
  });

  it('write the same bytes for text, binary and mixed streams, features and widths', async () => {
    const widths: number[] = [];
    const { own, fast } = await bothWays(async () => {
      const doc = new PDFDocument({
        compress: false,
        font: PDF_FONTS.regular as unknown as string,
        // The file's identifier derives from its creation date: the same on both sides.
        info: { CreationDate: new Date('2025-03-25T17:32:39Z') },
      });
      const bytes = pdfkitBytes(doc);
      for (const text of ['', ' ', 'mot', 'fin ', '\tdébut', 'deux  espaces', 'a b\tc d ']) {
        widths.push(doc.widthOfString(text));
      }
      doc.text(
        'Texte justifié sur plusieurs lignes, avec des mots assez longs pour revenir à la ligne. '.repeat(4),
        {
          align: 'justify',
          width: 200,
        },
      );
      doc.text('office, affiné', { features: ['liga', 'kern'] });
      const stream = doc.ref({ Type: 'Test' });
      stream.write('BT');
      stream.write(Buffer.from([0, 1, 2, 0xff]));
      stream.end('Łé');
      doc.end();
      return bytes;
    });
    expect(fast.equals(own)).toBe(true);
    expect(widths.slice(7)).toEqual(widths.slice(0, 7));
    expect(widths[0]).toBe(0);
    expect(fast.includes(Buffer.from([0x42, 0x54, 0x0a, 0, 1, 2, 0xff, 0x41, 0xe9, 0x0a]))).toBe(true);
  });
});
