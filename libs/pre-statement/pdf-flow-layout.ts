import { toWinAnsi } from './win-ansi-text';

export const PAGE_MARGINS = { top: 68, bottom: 64, left: 56, right: 56 } as const;

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9.5;
const TABLE_SIZE = 9;
const LINE_GAP = 1.5;
const CELL_PADDING_X = 5;
const CELL_PADDING_Y = 4;
const TABLE_GAP = 6;
const NOTICE_PADDING = 6;
/** Accent bar plus the space between it and the text. */
const NOTICE_INSET = 11;
const NOTICE_GAP = 8;

const COLOR = {
  text: '#1a1a1a',
  muted: '#555555',
  heading: '#1f3a5f',
  rule: '#b8c2cc',
  tableHeader: '#e6ebf1',
  emphasisRow: '#f2f4f7',
  noticeFill: '#f5f7fa',
  alert: '#b03a2e',
} as const;

/** For callers that colour a cell or a notice consistently with the rest of the page. */
export const LAYOUT_COLORS = COLOR;

export type CellAlign = 'left' | 'right' | 'center';

export interface TableColumn {
  header: string;
  /** Relative weight; columns share the content width in proportion. */
  weight: number;
  align?: CellAlign;
}

export interface TableCell {
  text: string;
  bold?: boolean;
  color?: string;
}

export interface TableRow {
  cells: (string | TableCell)[];
  /** Totals: bold on a light background. */
  emphasis?: boolean;
}

export interface TableSpec {
  columns: TableColumn[];
  rows: TableRow[];
  /** Default true. */
  showHeader?: boolean;
  /** Move the whole table to the next page rather than split it (ignored if it is taller than a page). */
  keepTogether?: boolean;
}

export interface NoticeOptions {
  color?: string;
  bold?: boolean;
}

export interface PageDecoration {
  headerLeft: string;
  headerRight: string;
  headerRightColor?: string;
  footerLeft: string;
  pageNumber: (page: number, pages: number) => string;
  watermark: string | null;
}

/**
 * Writes flowing content on A4 pages: every block is measured before it is drawn and moved to a new
 * page when it would cross the bottom margin, so nothing overflows and table headers repeat.
 * All text goes through `toWinAnsi` because the document keeps the standard PDF fonts.
 */
export class PdfFlowLayout {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private get pageContentHeight(): number {
    return this.bottom - this.doc.page.margins.top;
  }

  private get noticeTextWidth(): number {
    return this.width - NOTICE_INSET - NOTICE_PADDING;
  }

  title(title: string, subtitle: string): void {
    this.doc.font(FONT_BOLD).fontSize(22).fillColor(COLOR.heading);
    this.doc.text(toWinAnsi(title), this.left, this.doc.y, { width: this.width, align: 'center' });
    this.doc.moveDown(0.2);
    this.doc.font(FONT).fontSize(10).fillColor(COLOR.muted);
    this.doc.text(toWinAnsi(subtitle), this.left, this.doc.y, { width: this.width, align: 'center' });
    this.doc.moveDown(0.8);
  }

  /** `keepWithNext`: height of what follows that must stay on the heading's page. */
  sectionHeading(text: string, keepWithNext = 60): void {
    this.doc.font(FONT_BOLD).fontSize(12.5);
    const height = this.doc.heightOfString(toWinAnsi(text), { width: this.width }) + 20;
    // Keep a heading with the start of its content rather than alone at the foot of a page.
    this.ensureSpace(Math.min(height + keepWithNext, this.pageContentHeight));
    this.doc.moveDown(0.6);
    this.doc.fillColor(COLOR.heading).text(toWinAnsi(text), this.left, this.doc.y, { width: this.width });
    const ruleY = this.doc.y + 2;
    this.doc
      .moveTo(this.left, ruleY)
      .lineTo(this.left + this.width, ruleY)
      .lineWidth(1)
      .strokeColor(COLOR.heading)
      .stroke();
    this.doc.y = ruleY + 8;
  }

  subHeading(text: string, keepWithNext = 45): void {
    this.doc.font(FONT_BOLD).fontSize(10.5);
    const height = this.doc.heightOfString(toWinAnsi(text), { width: this.width }) + 10;
    this.ensureSpace(Math.min(height + keepWithNext, this.pageContentHeight));
    this.doc.moveDown(0.4);
    this.doc.fillColor(COLOR.heading).text(toWinAnsi(text), this.left, this.doc.y, { width: this.width });
    this.doc.y += 4;
  }

  /** Body text; a long paragraph flows onto the next pages. */
  paragraph(text: string, options: { italic?: boolean; color?: string; justify?: boolean } = {}): void {
    const font = options.italic ? 'Helvetica-Oblique' : FONT;
    this.doc
      .font(font)
      .fontSize(BODY_SIZE)
      .fillColor(options.color ?? COLOR.text);
    this.ensureSpace(Math.min(this.doc.currentLineHeight(true) * 3, this.pageContentHeight));
    this.doc.text(toWinAnsi(text), this.left, this.doc.y, {
      width: this.width,
      align: options.justify ? 'justify' : 'left',
      lineGap: LINE_GAP,
    });
    this.doc.moveDown(0.4);
  }

  /** A framed statement the reader must not miss (declaration, specimen). */
  notice(text: string, options: NoticeOptions = {}): void {
    const accent = options.color ?? COLOR.heading;
    const height = this.measureNotice(text, options) - NOTICE_GAP;
    this.ensureSpace(height);
    const top = this.doc.y;
    this.doc.rect(this.left, top, this.width, height).fill(COLOR.noticeFill);
    this.doc.rect(this.left, top, 3, height).fill(accent);
    this.doc
      .font(options.bold ? FONT_BOLD : FONT)
      .fontSize(BODY_SIZE)
      .fillColor(options.color ?? COLOR.text)
      .text(toWinAnsi(text), this.left + NOTICE_INSET, top + NOTICE_PADDING, {
        width: this.noticeTextWidth,
        lineGap: LINE_GAP,
      });
    this.doc.x = this.left;
    this.doc.y = top + height + NOTICE_GAP;
  }

  /** Height `notice` will take, spacing below included. */
  measureNotice(text: string, options: NoticeOptions = {}): number {
    this.doc.font(options.bold ? FONT_BOLD : FONT).fontSize(BODY_SIZE);
    const textHeight = this.doc.heightOfString(toWinAnsi(text), {
      width: this.noticeTextWidth,
      lineGap: LINE_GAP,
    });
    return textHeight + 2 * NOTICE_PADDING + NOTICE_GAP;
  }

  table(spec: TableSpec): void {
    const { columns, rows } = spec;
    const showHeader = spec.showHeader ?? true;
    const widths = this.columnWidths(columns);
    const headerRow = this.headerRow(columns);
    const headerHeight = showHeader ? this.rowHeight(headerRow, widths) : 0;
    const maxRowHeight = this.pageContentHeight - headerHeight;
    const rowHeights = rows.map((row) => Math.min(this.rowHeight(row, widths), maxRowHeight));

    const wholeHeight = headerHeight + rowHeights.reduce((sum, height) => sum + height, 0);
    // Otherwise at least the first row must sit under its header on the same page.
    const firstBlock = spec.keepTogether ? wholeHeight : headerHeight + (rowHeights[0] ?? 0);
    this.ensureSpace(Math.min(firstBlock, this.pageContentHeight));
    if (showHeader) this.drawRow(headerRow, columns, widths, headerHeight, COLOR.tableHeader);

    rows.forEach((row, index) => {
      const height = rowHeights[index];
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        if (showHeader) this.drawRow(headerRow, columns, widths, headerHeight, COLOR.tableHeader);
      }
      this.drawRow(row, columns, widths, height, row.emphasis ? COLOR.emphasisRow : null);
    });
    this.doc.x = this.left;
    this.doc.y += TABLE_GAP;
  }

  /** Height `table` will take when not split, spacing below included. */
  measureTable(spec: TableSpec): number {
    const widths = this.columnWidths(spec.columns);
    const header = (spec.showHeader ?? true) ? this.rowHeight(this.headerRow(spec.columns), widths) : 0;
    return spec.rows.reduce((sum, row) => sum + this.rowHeight(row, widths), header) + TABLE_GAP;
  }

  /**
   * Header, footer with "Page X / Y" and the specimen watermark, drawn once every page exists (the
   * document buffers its pages). The watermark goes over the content, so it is kept very light.
   */
  decoratePages(decoration: PageDecoration): void {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      this.doc.switchToPage(index);
      const margins = this.doc.page.margins;
      const savedBottom = margins.bottom;
      // Writing inside the margins must not make pdfkit open a new page.
      margins.bottom = 0;
      if (decoration.watermark) this.drawWatermark(decoration.watermark);
      this.drawHeader(decoration);
      this.drawFooter(decoration, index - range.start + 1, range.count);
      margins.bottom = savedBottom;
    }
  }

  private drawHeader(decoration: PageDecoration): void {
    const y = 30;
    const halfWidth = this.width / 2;
    this.doc.font(FONT).fontSize(8).fillColor(COLOR.muted);
    this.doc.text(toWinAnsi(decoration.headerLeft), this.left, y, { width: halfWidth, lineBreak: false });
    this.doc.font(FONT_BOLD).fillColor(decoration.headerRightColor ?? COLOR.muted);
    this.doc.text(toWinAnsi(decoration.headerRight), this.left + halfWidth, y, {
      width: halfWidth,
      align: 'right',
      lineBreak: false,
    });
    this.rule(y + 14, 0.5);
  }

  private drawFooter(decoration: PageDecoration, page: number, pages: number): void {
    const y = this.doc.page.height - 44;
    const halfWidth = this.width / 2;
    this.rule(y - 8, 0.5);
    this.doc.font(FONT).fontSize(8).fillColor(COLOR.muted);
    this.doc.text(toWinAnsi(decoration.footerLeft), this.left, y, { width: halfWidth, lineBreak: false });
    this.doc.text(toWinAnsi(decoration.pageNumber(page, pages)), this.left + halfWidth, y, {
      width: halfWidth,
      align: 'right',
      lineBreak: false,
    });
  }

  private drawWatermark(text: string): void {
    const { width, height } = this.doc.page;
    const size = 110;
    this.doc.save();
    this.doc.rotate(-Math.atan(height / width) * (180 / Math.PI), { origin: [width / 2, height / 2] });
    this.doc.font(FONT_BOLD).fontSize(size).fillColor(COLOR.alert).fillOpacity(0.1);
    const textWidth = this.doc.widthOfString(toWinAnsi(text));
    this.doc.text(toWinAnsi(text), (width - textWidth) / 2, height / 2 - size * 0.36, { lineBreak: false });
    this.doc.restore();
  }

  private rule(y: number, lineWidth: number): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(lineWidth)
      .strokeColor(COLOR.rule)
      .stroke();
  }

  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private columnWidths(columns: TableColumn[]): number[] {
    const totalWeight = columns.reduce((sum, column) => sum + column.weight, 0);
    return columns.map((column) => (column.weight / totalWeight) * this.width);
  }

  private headerRow(columns: TableColumn[]): TableRow {
    return { cells: columns.map((column) => ({ text: column.header, bold: true })) };
  }

  private cellText(cell: string | TableCell): TableCell {
    return typeof cell === 'string' ? { text: cell } : cell;
  }

  private rowHeight(row: TableRow, widths: number[]): number {
    const heights = row.cells.map((raw, index) => {
      const cell = this.cellText(raw);
      this.doc.font(cell.bold || row.emphasis ? FONT_BOLD : FONT).fontSize(TABLE_SIZE);
      return this.doc.heightOfString(toWinAnsi(cell.text), {
        width: widths[index] - 2 * CELL_PADDING_X,
        lineGap: LINE_GAP,
      });
    });
    return Math.max(...heights) + 2 * CELL_PADDING_Y;
  }

  private drawRow(
    row: TableRow,
    columns: TableColumn[],
    widths: number[],
    height: number,
    fill: string | null,
  ): void {
    const top = this.doc.y;
    if (fill) this.doc.rect(this.left, top, this.width, height).fill(fill);
    let x = this.left;
    row.cells.forEach((raw, index) => {
      const cell = this.cellText(raw);
      this.doc
        .font(cell.bold || row.emphasis ? FONT_BOLD : FONT)
        .fontSize(TABLE_SIZE)
        .fillColor(cell.color ?? COLOR.text);
      // A cell taller than a page (a pathological title) is cut with an ellipsis instead of overflowing.
      this.doc.text(toWinAnsi(cell.text), x + CELL_PADDING_X, top + CELL_PADDING_Y, {
        width: widths[index] - 2 * CELL_PADDING_X,
        height: height - 2 * CELL_PADDING_Y + LINE_GAP,
        ellipsis: true,
        align: columns[index]?.align ?? 'left',
        lineGap: LINE_GAP,
      });
      x += widths[index];
    });
    this.doc
      .moveTo(this.left, top + height)
      .lineTo(this.left + this.width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    this.doc.x = this.left;
    this.doc.y = top + height;
  }
}
