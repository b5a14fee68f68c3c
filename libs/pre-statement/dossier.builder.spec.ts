import PDFKitDocument from 'pdfkit';
import { PDFDocument } from 'pdf-lib';
import { Doctype } from '@libs/orders/doctype';
import { extractPdfText } from '@test/support/pdf-text';
import { outlineOf } from '@test/support/pdfa-check';
import { buildPreStatementInput } from '@test/support/pre-statement-input.factory';
import { buildDossier, prepareAnnexes, type AnnexFile } from './dossier.builder';
import { pdfkitBytes } from './pdfkit-bytes';
import { renderPreStatementPdf } from './pre-statement.renderer';

/** A 1×1 PNG: an upload photographed rather than scanned to PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function pdfOfPages(title: string, pages: number): Promise<Buffer> {
  const doc = new PDFKitDocument({ size: 'A4' });
  const bytes = pdfkitBytes(doc);
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage();
    doc.text(`${title} page ${page}`);
  }
  doc.end();
  return bytes;
}

describe('item 14: the dossier, the pre-statement followed by every annex', () => {
  it('joins each annex in its numbered order, bookmarked, and the pre-statement lists their pages', async () => {
    const files: AnnexFile[] = [
      {
        annex: { doctype: Doctype.Minutes, kind: 'minutes', title: 'PV AG 2024', date: '2024-06-12' },
        mimetype: 'application/pdf',
        content: await pdfOfPages('Procès-verbal 2024', 3),
      },
      {
        annex: { doctype: Doctype.Plans, kind: 'plans', title: 'Photo du plan', date: '2020-01-01' },
        mimetype: 'image/png',
        content: PNG,
      },
      {
        annex: { doctype: Doctype.Other, kind: 'other', title: 'Fichier abîmé', date: '2021-01-01' },
        mimetype: 'application/pdf',
        content: Buffer.from('%PDF-1.4 this is not a PDF %%EOF'),
      },
      {
        annex: {
          doctype: Doctype.SummarySheet,
          kind: 'summary-sheet',
          title: 'Fiche synthétique',
          date: '2025-01-10',
        },
        mimetype: 'application/pdf',
        content: await pdfOfPages('Fiche synthétique', 2),
      },
    ];
    const annexes = await prepareAnnexes(files);
    expect(annexes.map(({ annex }) => [annex.title, annex.pages])).toEqual([
      ['Fiche synthétique', 2],
      ['PV AG 2024', 3],
      ['Photo du plan', 1],
      ['Fichier abîmé', 0],
    ]);

    const input = buildPreStatementInput({ documents: annexes.map(({ annex }) => annex) });
    const preStatement = await renderPreStatementPdf(input);
    const prePages = (await PDFDocument.load(preStatement)).getPageCount();
    const dossier = await buildDossier(preStatement, annexes, {
      title: 'Pré-état daté – Résidence Les Tilleuls – commande K7Q2ZP',
      author: 'Service de commande de pré-états datés',
      subject: 'Dossier',
      issuedAt: input.issuedAt,
    });

    const extracted = await extractPdfText(dossier);
    const { pages } = extracted;
    const text = extracted.text.replace(/\s+/g, ' ');
    expect(pages).toBe(prePages + 2 + 3 + 1);
    expect(text).toMatch(/1\s+Fiche synthétique\s+Fiche synthétique\s+10\/01\/2025\s+2/);
    expect(text).toMatch(/2\s+Procès-verbal d'assemblée générale\s+PV AG 2024\s+12\/06\/2024\s+3/);
    expect(text).toMatch(/Fichier abîmé\s+01\/01\/2021\s+illisible/);
    expect(text).toContain('Procès-verbal 2024 page 3');
    expect(await outlineOf(dossier)).toEqual([
      { title: 'Pré-état daté – Résidence Les Tilleuls – commande K7Q2ZP', page: 0 },
      { title: 'Annexe n° 1 – Fiche synthétique', page: prePages },
      { title: 'Annexe n° 2 – PV AG 2024', page: prePages + 2 },
      { title: 'Annexe n° 3 – Photo du plan', page: prePages + 5 },
    ]);
    const loaded = await PDFDocument.load(dossier);
    expect(loaded.getTitle()).toBe('Pré-état daté – Résidence Les Tilleuls – commande K7Q2ZP');
    expect(loaded.getAuthor()).toBe('Service de commande de pré-états datés');
  });

  it('builds the same bytes for the same input', async () => {
    const files: AnnexFile[] = [
      {
        annex: { doctype: Doctype.Minutes, kind: 'minutes', title: 'PV', date: '2024-06-12' },
        mimetype: 'application/pdf',
        content: await pdfOfPages('PV', 1),
      },
    ];
    const input = buildPreStatementInput();
    const preStatement = await renderPreStatementPdf(input);
    const metadata = { title: 'T', author: 'A', subject: 'S', issuedAt: input.issuedAt };
    const [first, second] = await Promise.all([
      buildDossier(preStatement, await prepareAnnexes(files), metadata),
      buildDossier(preStatement, await prepareAnnexes(files), metadata),
    ]);
    expect(first.equals(second)).toBe(true);
  });
});
