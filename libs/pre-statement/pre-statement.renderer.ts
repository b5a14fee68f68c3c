import PDFDocument from 'pdfkit';
import { LAYOUT_COLORS, PAGE_MARGINS, PdfFlowLayout, type TableSpec } from './pdf-flow-layout';
import { PDF_FONTS } from './pdf-fonts';
import { pdfkitBytes } from './pdfkit-bytes';
import { usePdfkitFastPaths } from './pdfkit-fast-paths';
import { type PreStatementInput } from './pre-statement-input';
import { PRE_STATEMENT_TEXTS as T } from './pre-statement.texts';
import {
  type AmountLine,
  type AmountSection,
  buildPreStatementView,
  type LabelledValue,
  type PreStatementView,
  type Table,
} from './pre-statement-view';

usePdfkitFastPaths(true);

/**
 * Renders the "Pré-état daté" as an A4 PDF/A-2b file: fonts embedded (subset), an sRGB output intent,
 * XMP metadata, and a tagged structure (headings, paragraphs, tables), so that it can be kept in a
 * notarial record and read by assistive technology. The same input always gives the same bytes: the
 * document's dates and identifier derive from `issuedAt`, never from the clock.
 */
export async function renderPreStatementPdf(input: PreStatementInput): Promise<Buffer> {
  const view = buildPreStatementView(input);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...PAGE_MARGINS },
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    // Never the standard Helvetica: PDF/A wants every font embedded.
    font: PDF_FONTS.regular as unknown as string,
    info: {
      Title: view.metadata.title,
      Author: view.metadata.author,
      Subject: view.metadata.subject,
      Keywords: view.metadata.keywords,
      Creator: T.issuer,
      CreationDate: input.issuedAt,
    },
  });
  const bytes = pdfkitBytes(doc);
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
  layout.end();
  doc.end();
  return bytes;
}

function drawContent(layout: PdfFlowLayout, view: PreStatementView): void {
  drawSummary(layout, view);
  layout.pageBreak();
  drawIdentification(layout, view);
  drawParts(layout, view);
  drawFinancialAnnex(layout, view);
  drawWorks(layout, view);
  drawDocuments(layout, view);
  drawNotice(layout, view);
}

/** Page 1, for the notary: complete or not, what is missing and its effect, key figures, alerts. */
function drawSummary(layout: PdfFlowLayout, view: PreStatementView): void {
  layout.title(T.title, T.subtitle);
  if (view.specimen) layout.notice(T.specimenNotice, { color: LAYOUT_COLORS.alert, bold: true });
  layout.sectionHeading(T.summary.heading);
  const { summary } = view;
  const list = (intro: string, items: string[]) =>
    items.length > 0 ? [intro, ...items.map((item) => `• ${item}`)] : [];
  const status = [
    summary.headline,
    ...(summary.complete ? summary.missing : list(T.summary.missingIntro, summary.missing)),
    ...list(T.summary.toCheckIntro, summary.toCheck),
    ...(summary.legalEffect ? [summary.legalEffect] : []),
  ];
  layout.notice(status, { color: summary.complete ? LAYOUT_COLORS.ok : LAYOUT_COLORS.alert, bold: true });
  layout.table(keyFiguresTable(summary.keyFigures));
  layout.subHeading(T.summary.alertsHeading);
  if (summary.alerts.length > 0) {
    layout.notice(
      summary.alerts.map((alert) => `• ${alert}`),
      { color: LAYOUT_COLORS.alert },
    );
  } else {
    layout.paragraph(T.summary.noAlert);
  }
  layout.paragraph(view.sourceNote, { italic: true, color: LAYOUT_COLORS.muted, justify: true });
  layout.subHeading(T.legalHeading, layout.measureParagraph(T.legalNotice, { size: 8.5 }));
  layout.paragraph(T.legalNotice, { justify: true, size: 8.5, color: LAYOUT_COLORS.muted });
}

function drawIdentification(layout: PdfFlowLayout, view: PreStatementView): void {
  const identification = labelledTable(view.identification, 34);
  layout.sectionHeading(T.identification.heading, layout.keepHeight(identification));
  layout.table(identification);
  const sellers: TableSpec = {
    columns: [{ header: '', weight: 1 }],
    rows: view.sellers.map((seller) => ({ cells: [{ text: seller, bold: true }] })),
    showHeader: false,
  };
  layout.subHeading(T.identification.sellersHeading, layout.keepHeight(sellers));
  layout.table(sellers);
  const lots: TableSpec = {
    columns: [
      { header: T.identification.lotNumber, weight: 7 },
      { header: T.identification.lotDescription, weight: 33 },
      { header: T.identification.lotNature, weight: 11 },
      { header: T.identification.lotShares, weight: 15, align: 'right' },
      { header: T.identification.lotBudget, weight: 17, align: 'right' },
      { header: T.identification.lotWorksFund, weight: 17, align: 'right' },
    ],
    rows: view.lots.map((lot) => ({
      cells: [lot.number, lot.description, lot.nature, lot.shares, lot.annualBudgetShare, lot.worksFundShare],
    })),
  };
  layout.subHeading(T.identification.lotsHeading, layout.keepHeight(lots));
  layout.table(lots);
  layout.paragraph(view.lotsNote, { italic: true, color: LAYOUT_COLORS.muted, size: 8 });
  const syndic = labelledTable(view.syndic, 34);
  layout.subHeading(T.identification.syndicHeading, layout.keepHeight(syndic));
  layout.table(syndic);
  const building = labelledTable(view.building, 34);
  layout.subHeading(T.identification.buildingHeading, layout.keepHeight(building));
  layout.table(building);
}

function drawParts(layout: PdfFlowLayout, view: PreStatementView): void {
  const sellerOwes = amountTable(view.sellerOwes);
  const declaration = view.allDuePaid;
  const declarationHeight = declaration ? layout.measureNotice(declaration.text, { bold: true }) : 0;
  layout.sectionHeading(T.sellerOwes.heading, declarationHeight + layout.keepHeight(sellerOwes));
  layout.paragraph(T.sellerOwes.intro, { italic: true, color: LAYOUT_COLORS.muted, size: 8.5 });
  if (declaration) {
    layout.notice(declaration.text, {
      bold: true,
      color: declaration.contradicted ? LAYOUT_COLORS.alert : undefined,
    });
  }
  drawAmountSection(layout, view.sellerOwes, sellerOwes);
  for (const [heading, section] of [
    [T.syndicateOwes.heading, view.syndicateOwes],
    [T.buyerWillBear.heading, view.buyerWillBear],
  ] as const) {
    const table = amountTable(section);
    layout.sectionHeading(heading, layout.keepHeight(table));
    drawAmountSection(layout, section, table);
  }
}

function drawAmountSection(layout: PdfFlowLayout, section: AmountSection, table: TableSpec): void {
  layout.table(table);
  if (section.totalNote)
    layout.paragraph(section.totalNote, { italic: true, color: LAYOUT_COLORS.alert, size: 8.5 });
}

function drawFinancialAnnex(layout: PdfFlowLayout, view: PreStatementView): void {
  const charges: TableSpec = {
    columns: [
      { header: T.financialAnnex.fiscalYear, weight: 24 },
      { header: T.financialAnnex.budgetCalled, weight: 19, align: 'right' },
      { header: T.financialAnnex.budgetPaid, weight: 19, align: 'right' },
      { header: T.financialAnnex.horsBudgetCalled, weight: 19, align: 'right' },
      { header: T.financialAnnex.horsBudgetPaid, weight: 19, align: 'right' },
    ],
    rows: view.chargesHistory.map((line) => ({
      cells: [
        line.fiscalYear,
        line.budgetCalled,
        line.budgetPaid,
        line.horsBudgetCalled,
        line.horsBudgetPaid,
      ],
    })),
  };
  layout.sectionHeading(
    T.financialAnnex.heading,
    layout.measureSubHeading(T.financialAnnex.chargesHeading) + layout.keepHeight(charges),
  );
  layout.subHeading(T.financialAnnex.chargesHeading, layout.keepHeight(charges));
  layout.table(charges);
  layout.paragraph(view.chargesNote, { italic: true, color: LAYOUT_COLORS.muted, size: 8 });
  const syndicate = originTable(view.syndicateFigures);
  layout.subHeading(T.financialAnnex.syndicateHeading, layout.keepHeight(syndicate));
  layout.table(syndicate);
  const worksFund = originTable(view.worksFund);
  layout.subHeading(T.financialAnnex.worksFundHeading, layout.keepHeight(worksFund));
  layout.table(worksFund);

  if (view.calls) {
    const calls: TableSpec = {
      columns: [
        { header: T.calls.dueDate, weight: 16 },
        { header: T.calls.budget, weight: 18, align: 'right' },
        { header: T.calls.horsBudget, weight: 18, align: 'right' },
        { header: T.calls.total, weight: 18, align: 'right' },
        { header: T.calls.party, weight: 30 },
      ],
      rows: [
        ...view.calls.lines.map((line) => ({
          cells: [line.dueDate, line.budget, line.horsBudget, line.total, line.party],
        })),
      ],
    };
    layout.subHeading(T.calls.heading, layout.keepHeight(calls));
    layout.table(calls);
    const totals: TableSpec = {
      columns: [
        { header: '', weight: 52 },
        { header: '', weight: 18, align: 'right' },
        { header: '', weight: 30 },
      ],
      rows: view.calls.totals.map((total) => ({ cells: [total.label, total.value, ''], emphasis: true })),
      showHeader: false,
      rowHeaders: true,
    };
    layout.table(totals);
    layout.paragraph(view.calls.note, { italic: true, color: LAYOUT_COLORS.muted, size: 8 });
  } else {
    layout.subHeading(T.calls.heading);
    layout.paragraph(T.calls.none);
  }
}

function drawWorks(layout: PdfFlowLayout, view: PreStatementView): void {
  const blocks = (
    [
      [T.works.votedHeading, view.votedWorks, [34, 12, 14, 14, 13, 13]],
      [T.works.loansHeading, view.loans, [30, 22, 16, 16, 16]],
      [T.works.proceduresHeading, view.procedures, [34, 30, 36]],
    ] as const
  ).map(([heading, content, weights]) => {
    if (typeof content === 'string') {
      return { heading, keep: layout.paragraphKeepHeight(content), draw: () => layout.paragraph(content) };
    }
    const table = plainTable(content, weights);
    const draw = () => {
      layout.table(table);
      if (content.source)
        layout.paragraph(content.source, { italic: true, color: LAYOUT_COLORS.muted, size: 8 });
    };
    return { heading, keep: layout.keepHeight(table), draw };
  });
  // The section's heading keeps its first subheading and what that one keeps.
  layout.sectionHeading(T.works.heading, layout.measureSubHeading(blocks[0].heading) + blocks[0].keep);
  for (const block of blocks) {
    layout.subHeading(block.heading, block.keep);
    block.draw();
  }
}

function drawDocuments(layout: PdfFlowLayout, view: PreStatementView): void {
  const checks: TableSpec = {
    columns: [
      { header: T.documents.document, weight: 42 },
      { header: T.documents.status, weight: 14 },
      { header: T.documents.detail, weight: 44 },
    ],
    rows: view.documentChecks.map((check) => ({
      cells: [
        check.document,
        check.status === 'missing' || check.status === 'undetermined'
          ? { text: check.statusLabel, bold: true, color: LAYOUT_COLORS.alert }
          : { text: check.statusLabel, bold: true },
        check.detail,
      ],
    })),
    rowHeaders: true,
  };
  layout.sectionHeading(
    T.documents.heading,
    layout.measureParagraph(view.annexSummary) +
      layout.measureSubHeading(T.documents.checksHeading) +
      layout.keepHeight(checks),
  );
  layout.paragraph(view.annexSummary);
  layout.subHeading(T.documents.checksHeading, layout.keepHeight(checks));
  layout.table(checks);

  const annexes: TableSpec | null =
    view.annexes.length === 0
      ? null
      : {
          columns: [
            { header: T.documents.number, weight: 6, align: 'right' },
            { header: T.documents.type, weight: 29 },
            { header: T.documents.title, weight: 41 },
            { header: T.documents.date, weight: 13 },
            { header: T.documents.pages, weight: 11, align: 'right' },
          ],
          rows: view.annexes.map((annex) => ({
            cells: [String(annex.number), annex.type, annex.title, annex.date, annex.pages],
          })),
        };
  const introSize = { size: 8.5 };
  layout.subHeading(
    T.documents.annexesHeading,
    layout.measureParagraph(T.documents.annexesIntro, introSize) +
      (annexes ? layout.keepHeight(annexes) : layout.paragraphKeepHeight(T.documents.noAnnex)),
  );
  layout.paragraph(T.documents.annexesIntro, { italic: true, color: LAYOUT_COLORS.muted, ...introSize });
  if (!annexes) {
    layout.paragraph(T.documents.noAnnex);
    return;
  }
  layout.table(annexes);
}

/** The notice d'information, the annex the service prints itself. */
function drawNotice(layout: PdfFlowLayout, view: PreStatementView): void {
  const [firstSection] = view.notice.sections;
  layout.sectionHeading(
    view.notice.heading,
    layout.measureParagraph(view.notice.intro, { size: 8.5 }) +
      (firstSection
        ? layout.measureSubHeading(firstSection.heading) +
          layout.paragraphKeepHeight(firstSection.paragraphs[0] ?? '', { size: 8.5 })
        : 0),
  );
  layout.paragraph(view.notice.intro, { italic: true, justify: true, size: 8.5 });
  for (const section of view.notice.sections) {
    layout.subHeading(
      section.heading,
      layout.paragraphKeepHeight(section.paragraphs[0] ?? '', { size: 8.5 }),
    );
    for (const paragraph of section.paragraphs) layout.paragraph(paragraph, { justify: true, size: 8.5 });
  }
}

function labelledTable(rows: LabelledValue[], labelWeight: number): TableSpec {
  return {
    columns: [
      { header: '', weight: labelWeight },
      { header: '', weight: 100 - labelWeight },
    ],
    rows: rows.map((row) => ({
      cells: [
        { text: row.label, color: LAYOUT_COLORS.muted },
        { text: row.value, bold: true },
      ],
    })),
    showHeader: false,
    rowHeaders: true,
  };
}

/** Page 1's figures: label, value, and where the value comes from, in a narrow muted column. */
function keyFiguresTable(figures: AmountLine[]): TableSpec {
  return {
    columns: [
      { header: '', weight: 33 },
      { header: '', weight: 47 },
      { header: '', weight: 20 },
    ],
    rows: figures.map((figure) => ({
      cells: [
        { text: figure.label, color: LAYOUT_COLORS.muted },
        { text: figure.value, bold: true },
        { text: figure.origin, color: LAYOUT_COLORS.muted },
      ],
    })),
    showHeader: false,
    rowHeaders: true,
  };
}

function amountTable(section: AmountSection): TableSpec {
  return {
    columns: [
      { header: T.designationColumn, weight: 58 },
      { header: T.origin.column, weight: 22 },
      { header: T.amountColumn, weight: 20, align: 'right' },
    ],
    rows: [
      ...section.lines.map((line) => ({ cells: [line.label, line.origin, line.value] })),
      { cells: [section.totalLabel, '', section.total], emphasis: true },
    ],
  };
}

function originTable(lines: AmountLine[]): TableSpec {
  return {
    columns: [
      { header: T.designationColumn, weight: 58 },
      { header: T.origin.column, weight: 22 },
      { header: T.amountColumn, weight: 20, align: 'right' },
    ],
    rows: lines.map((line) => ({ cells: [line.label, line.origin, line.value] })),
  };
}

function plainTable(table: Table, weights: readonly number[]): TableSpec {
  return {
    columns: table.columns.map((header, index) => ({
      header,
      weight: weights[index] ?? 10,
      align: index >= 2 && /€|^\d/.test(table.rows[0]?.[index] ?? '') ? 'right' : 'left',
    })),
    rows: table.rows.map((cells) => ({ cells })),
  };
}
