import PDFDocument from 'pdfkit';
import { LAYOUT_COLORS, PAGE_MARGINS, PdfFlowLayout, type TableSpec } from './pdf-flow-layout';
import { type PreStatementInput } from './pre-statement-input';
import { PRE_STATEMENT_TEXTS as T } from './pre-statement.texts';
import { buildPreStatementView, type AmountSection, type PreStatementView } from './pre-statement-view';

/**
 * Renders the "Pré-état daté" as an A4 PDF. The same input always gives the same bytes: the
 * document's dates and identifier derive from `issuedAt`, never from the clock.
 */
export async function renderPreStatementPdf(input: PreStatementInput): Promise<Buffer> {
  const view = buildPreStatementView(input);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...PAGE_MARGINS },
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: `${T.title} – ${view.orderid}`,
      Subject: T.subtitle,
      Creator: 'Service de commande de pré-états datés',
      CreationDate: input.issuedAt,
    },
  });
  const bytes = collect(doc);
  const layout = new PdfFlowLayout(doc);
  drawContent(layout, view);
  layout.decoratePages({
    headerLeft: T.header(view.orderid),
    headerRight: view.specimen ? T.specimen : T.footer(view.issuedOn),
    headerRightColor: view.specimen ? LAYOUT_COLORS.alert : undefined,
    footerLeft: view.propertyLabel,
    pageNumber: T.pageNumber,
    watermark: view.specimen ? T.specimen : null,
  });
  doc.end();
  return bytes;
}

function drawContent(layout: PdfFlowLayout, view: PreStatementView): void {
  layout.title(T.title, T.subtitle);
  if (view.specimen) layout.notice(T.specimenNotice, { color: LAYOUT_COLORS.alert, bold: true });
  layout.paragraph(view.sourceNote, { italic: true, color: LAYOUT_COLORS.muted, justify: true });

  const identification = identificationTable(view);
  layout.sectionHeading(T.identification.heading, layout.measureTable(identification));
  layout.table(identification);
  const lots = lotsTable(view);
  layout.subHeading(T.identification.lotsHeading, layout.measureTable(lots));
  layout.table(lots);
  const sellers: TableSpec = {
    columns: [{ header: '', weight: 1 }],
    rows: view.sellers.map((seller) => ({ cells: [seller] })),
    showHeader: false,
  };
  layout.subHeading(T.identification.sellersHeading);
  layout.table(sellers);

  const sellerOwes = amountTable(view.sellerOwes);
  const declaration = view.allDuePaidDeclaration;
  const declarationHeight = declaration ? layout.measureNotice(declaration, { bold: true }) : 0;
  layout.sectionHeading(T.sellerOwes.heading, declarationHeight + layout.measureTable(sellerOwes));
  if (declaration) layout.notice(declaration, { bold: true });
  layout.table(sellerOwes);

  for (const [heading, section] of [
    [T.syndicateOwes.heading, view.syndicateOwes],
    [T.buyerWillBear.heading, view.buyerWillBear],
  ] as const) {
    const table = amountTable(section);
    layout.sectionHeading(heading, layout.measureTable(table));
    layout.table(table);
  }

  const charges = chargesTable(view);
  layout.sectionHeading(T.financialAnnex.heading);
  layout.subHeading(T.financialAnnex.chargesHeading, layout.measureTable(charges));
  layout.table(charges);
  const syndicate: TableSpec = {
    columns: [
      { header: T.designationColumn, weight: 72 },
      { header: T.amountColumn, weight: 28, align: 'right' },
    ],
    rows: view.syndicateFigures.map((line) => ({ cells: [line.label, line.value] })),
    keepTogether: true,
  };
  layout.subHeading(T.financialAnnex.syndicateHeading, layout.measureTable(syndicate));
  layout.table(syndicate);

  layout.sectionHeading(T.documents.heading, 80);
  layout.paragraph(view.annexSummary);
  layout.table(annexesTable(view));

  if (view.comment) {
    layout.sectionHeading(T.commentHeading);
    layout.paragraph(view.comment);
  }

  layout.sectionHeading(T.legalHeading);
  layout.paragraph(T.legalNotice, { justify: true });
}

function identificationTable(view: PreStatementView): TableSpec {
  return {
    columns: [
      { header: '', weight: 34 },
      { header: '', weight: 66 },
    ],
    rows: view.identification.map((row) => ({
      cells: [
        { text: row.label, color: LAYOUT_COLORS.muted },
        { text: row.value, bold: true },
      ],
    })),
    showHeader: false,
    keepTogether: true,
  };
}

function lotsTable(view: PreStatementView): TableSpec {
  return {
    columns: [
      { header: T.identification.lotNumber, weight: 18 },
      { header: T.identification.lotDescription, weight: 58 },
      { header: T.identification.lotShares, weight: 24, align: 'right' },
    ],
    rows: view.lots.map((lot) => ({ cells: [lot.number, lot.description, lot.shares] })),
  };
}

function amountTable(section: AmountSection): TableSpec {
  return {
    columns: [
      { header: T.designationColumn, weight: 72 },
      { header: T.amountColumn, weight: 28, align: 'right' },
    ],
    rows: [
      ...section.lines.map((line) => ({ cells: [line.label, line.value] })),
      { cells: [T.total, section.total], emphasis: true },
    ],
    keepTogether: true,
  };
}

function chargesTable(view: PreStatementView): TableSpec {
  return {
    columns: [
      { header: T.financialAnnex.fiscalYear, weight: 24 },
      { header: T.financialAnnex.budgetCalled, weight: 19, align: 'right' },
      { header: T.financialAnnex.budgetActual, weight: 19, align: 'right' },
      { header: T.financialAnnex.horsBudgetCalled, weight: 19, align: 'right' },
      { header: T.financialAnnex.horsBudgetActual, weight: 19, align: 'right' },
    ],
    rows: view.chargesHistory.map((line) => ({
      cells: [
        line.fiscalYear,
        line.budgetCalled,
        line.budgetActual,
        line.horsBudgetCalled,
        line.horsBudgetActual,
      ],
    })),
    keepTogether: true,
  };
}

function annexesTable(view: PreStatementView): TableSpec {
  return {
    columns: [
      { header: T.documents.type, weight: 28 },
      { header: T.documents.title, weight: 40 },
      { header: T.documents.date, weight: 17 },
      { header: T.documents.status, weight: 15 },
    ],
    rows: view.annexes.map((annex) => ({
      cells: [
        annex.type,
        annex.title,
        annex.date,
        annex.found
          ? { text: T.documents.found }
          : { text: T.documents.missing, bold: true, color: LAYOUT_COLORS.alert },
      ],
    })),
  };
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
