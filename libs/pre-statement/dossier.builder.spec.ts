import PDFKitDocument from 'pdfkit';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { Doctype } from '@libs/orders/doctype';
import { extractPdfText } from '@test/support/pdf-text';
import { checkPdfA2, outlineOf } from '@test/support/pdfa-check';
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

const minutes2024 = async (pages: number): Promise<AnnexFile> => ({
  annex: { doctype: Doctype.Minutes, kind: 'minutes', title: 'PV AG 2024', date: '2024-06-12' },
  mimetype: 'application/pdf',
  content: await pdfOfPages('Procès-verbal 2024', pages),
});

const planPhoto: AnnexFile = {
  annex: { doctype: Doctype.Plans, kind: 'plans', title: 'Photo du plan', date: '2020-01-01' },
  mimetype: 'image/png',
  content: PNG,
};

describe('item 14: the dossier, the pre-statement followed by every annex', () => {
  it('joins each annex in its numbered order, bookmarked, and the pre-statement lists their pages', async () => {
    const files: AnnexFile[] = [
      await minutes2024(3),
      planPhoto,
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

  it('starts with the pre-statement’s own bytes, its tags kept, and no longer claims to be PDF/A', async () => {
    const annexes = await prepareAnnexes([await minutes2024(2), planPhoto]);
    const input = buildPreStatementInput({ documents: annexes.map(({ annex }) => annex) });
    const preStatement = await renderPreStatementPdf(input);
    expect(await checkPdfA2(preStatement)).toEqual([]);
    const dossier = await buildDossier(preStatement, annexes, {
      title: 'Dossier K7Q2ZP',
      author: 'Service de commande de pré-états datés',
      subject: 'Dossier',
      issuedAt: input.issuedAt,
    });

    // Appended to, not rebuilt: the pre-statement is not parsed again (hundreds of tag objects).
    expect(dossier.subarray(0, preStatement.length).equals(preStatement)).toBe(true);
    const loaded = await PDFDocument.load(dossier, { updateMetadata: false });
    const prePages = (await PDFDocument.load(preStatement)).getPageCount();
    expect(loaded.getPageCount()).toBe(prePages + 2 + 1);
    expect(loaded.catalog.get(PDFName.of('StructTreeRoot'))).toBeDefined();
    expect(loaded.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
    expect(loaded.catalog.get(PDFName.of('OutputIntents'))).toBeUndefined();
    expect(loaded.getTitle()).toBe('Dossier K7Q2ZP');
    expect(loaded.getCreationDate()).toEqual(input.issuedAt);
    expect(await outlineOf(dossier)).toEqual([
      { title: 'Dossier K7Q2ZP', page: 0 },
      { title: 'Annexe n° 1 – PV AG 2024', page: prePages },
      { title: 'Annexe n° 2 – Photo du plan', page: prePages + 2 },
    ]);
    const { pages, text } = await extractPdfText(dossier);
    expect(pages).toBe(prePages + 3);
    expect(text).toContain('Procès-verbal 2024 page 2');
    // Every page of the annexes hangs from the pre-statement's page tree.
    const pageTree = loaded.catalog.lookup(PDFName.of('Pages'), PDFDict);
    expect(
      loaded
        .getPages()
        .every((page) => page.node.get(PDFName.of('Parent')) === loaded.catalog.get(PDFName.of('Pages'))),
    ).toBe(true);
    expect(pageTree.get(PDFName.of('Count'))?.toString()).toBe(String(prePages + 3));
  });

  it('joins a pre-statement it cannot append to (a cross-reference stream) page by page', async () => {
    const rebuilt = await PDFDocument.load(await renderPreStatementPdf(buildPreStatementInput()));
    // pdf-lib writes its cross-reference table as a compressed stream: no classic table to extend.
    const preStatement = Buffer.from(await rebuilt.save({ useObjectStreams: true }));
    const annexes = await prepareAnnexes([
      {
        annex: { doctype: Doctype.Minutes, kind: 'minutes', title: 'PV', date: '2024-06-12' },
        mimetype: 'application/pdf',
        content: await pdfOfPages('PV', 2),
      },
    ]);
    const dossier = await buildDossier(preStatement, annexes, {
      title: 'Dossier',
      author: 'A',
      subject: 'S',
      issuedAt: new Date('2026-01-05T10:00:00Z'),
    });

    expect(dossier.subarray(0, preStatement.length).equals(preStatement)).toBe(false);
    const loaded = await PDFDocument.load(dossier, { updateMetadata: false });
    expect(loaded.getTitle()).toBe('Dossier');
    expect(loaded.getCreationDate()).toEqual(new Date('2026-01-05T10:00:00Z'));
    const prePages = rebuilt.getPageCount();
    expect((await extractPdfText(dossier)).pages).toBe(prePages + 2);
    expect(await outlineOf(dossier)).toEqual([
      { title: 'Dossier', page: 0 },
      { title: 'Annexe n° 1 – PV', page: prePages },
    ]);
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

  it('lists an image it cannot decode as unreadable (0 pages), as it does a damaged PDF, never as joined', async () => {
    const damagedPhoto: AnnexFile = {
      annex: { doctype: Doctype.Plans, kind: 'plans', title: 'Photo abîmée', date: '2020-01-01' },
      mimetype: 'image/jpeg',
      content: Buffer.from('not a JPEG at all'),
    };
    const annexes = await prepareAnnexes([await minutes2024(1), damagedPhoto, planPhoto]);
    expect(annexes.map(({ annex }) => [annex.title, annex.pages])).toEqual([
      ['PV AG 2024', 1],
      ['Photo abîmée', 0],
      ['Photo du plan', 1],
    ]);

    const input = buildPreStatementInput({ documents: annexes.map(({ annex }) => annex) });
    const preStatement = await renderPreStatementPdf(input);
    const prePages = (await PDFDocument.load(preStatement)).getPageCount();
    const dossier = await buildDossier(preStatement, annexes, {
      title: 'Dossier',
      author: 'A',
      subject: 'S',
      issuedAt: input.issuedAt,
    });
    const text = (await extractPdfText(preStatement)).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/Photo abîmée 01\/01\/2020 illisible/);
    expect(await outlineOf(dossier)).toEqual([
      { title: 'Dossier', page: 0 },
      { title: 'Annexe n° 1 – PV AG 2024', page: prePages },
      { title: 'Annexe n° 3 – Photo du plan', page: prePages + 1 },
    ]);
  });
});
