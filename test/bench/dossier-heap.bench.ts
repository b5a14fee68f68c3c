import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildDossier, prepareAnnexes } from '@libs/pre-statement/dossier.builder';
import { Doctype } from '@libs/orders/doctype';

/**
 * `node [--max-old-space-size=N] dist/test/bench/dossier-heap.bench.js [PAGES] [COUNT]`: the heap a
 * dossier needs when a pre-statement and its annexes are COUNT text PDFs of PAGES pages each (default
 * 20 × 1,000: 20,000 pages), for sizing the worker's heap bound (deploy/worker/runtime.env). Under too
 * small a bound the process aborts.
 */
async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 1000);
  const count = Number(process.argv[3] ?? 20);
  const content = await textPdf(pages);
  const annexes = await prepareAnnexes(
    Array.from({ length: count - 1 }, (_, n) => ({
      annex: { doctype: Doctype.Other, kind: null, title: `PV ${n}`, date: null },
      mimetype: 'application/pdf',
      content,
    })),
  );
  const dossier = await buildDossier(content, annexes, {
    title: 'Dossier',
    author: 'bench',
    subject: 'heap',
    issuedAt: new Date(),
  });
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(
    `dossier of ${count} × ${pages} pages (${mib(content.length)} MiB each): ${mib(dossier.length)} MiB, ` +
      `heap used ${mib(process.memoryUsage().heapUsed)} MiB, RSS ${mib(process.memoryUsage().rss)} MiB`,
  );
}

/** A PDF of `pages` pages of 40 lines each, as a syndic's minutes could be; built, then let go. */
async function textPdf(pages: number): Promise<Buffer> {
  const source = await PDFDocument.create();
  const font = await source.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = source.addPage();
    for (let line = 0; line < 40; line++)
      page.drawText(`Ligne ${line} de la page ${i} du proces-verbal`, {
        x: 40,
        y: 800 - line * 18,
        size: 10,
        font,
      });
  }
  return Buffer.from(await source.save());
}

void main();
