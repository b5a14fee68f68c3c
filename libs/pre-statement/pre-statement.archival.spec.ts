import { confirmed } from '@libs/statement/statement-field';
import { checkPdfA2, xmpOf } from '@test/support/pdfa-check';
import { buildAccountStatement, buildPreStatementInput } from '@test/support/pre-statement-input.factory';
import { pdfkitBytes } from './pdfkit-bytes';
import { renderPreStatementPdf } from './pre-statement.renderer';
import { renderSpecimenPreStatement } from './specimen-pre-statement';

describe('item 15: the pre-statement in archival form (PDF/A-2b, tagged, with metadata)', () => {
  it('meets the PDF/A-2 requirements the project checks, for a full document and for the specimen', async () => {
    expect(await checkPdfA2(await renderPreStatementPdf(buildPreStatementInput()))).toEqual([]);
    // The specimen has a transparent watermark and no statement at all.
    expect(
      await checkPdfA2(await renderSpecimenPreStatement('K7Q2ZP', '', new Date('2025-03-25T10:00:00Z'))),
    ).toEqual([]);
  });

  it('identifies itself as PDF/A-2b and carries title, author, subject and language', async () => {
    const bytes = await renderPreStatementPdf(buildPreStatementInput());
    const xmp = await xmpOf(bytes);
    expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('Pré-état daté – Résidence Les Tilleuls – commande K7Q2ZP');
    expect(xmp).toContain('<rdf:li>Service de commande de pré-états datés</rdf:li>');
    expect(bytes.toString('latin1')).toContain('/Lang (fr-FR)');
  });

  it('keeps metadata XML-safe whatever the co-ownership is called', async () => {
    const statement = buildAccountStatement();
    statement.coOwnership.name = confirmed('Résidence Parc & Jardins <Sud>');
    const bytes = await renderPreStatementPdf(buildPreStatementInput({ statement }));
    expect(await checkPdfA2(bytes)).toEqual([]);
    expect(await xmpOf(bytes)).toContain('Résidence Parc et Jardins Sud');
  });

  it('the check finds what a non-archival PDF lacks', async () => {
    const PDFDocument = (await import('pdfkit')).default;
    const doc = new PDFDocument();
    const bytes = pdfkitBytes(doc);
    doc.text('Helvetica, not embedded');
    doc.end();
    const plain = await bytes;
    const problems = await checkPdfA2(plain);
    expect(problems).toEqual(
      expect.arrayContaining([
        'catalog: no XMP metadata stream',
        'catalog: no GTS_PDFA1 output intent',
        'catalog: not marked (MarkInfo)',
        'font /Helvetica: not embedded',
      ]),
    );
  });
});
