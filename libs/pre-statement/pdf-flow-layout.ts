import { drawableText, PDF_FONTS, type PdfFontStyle, shareWordLayouts } from './pdf-fonts';

const FONT = (style: PdfFontStyle) => PDF_FONTS[style].postscriptName;

/**
 * Heights of texts already measured, by text, then by style, size, width and line gap (see
 * `textHeight`). Keyed by the text itself: most are the same string every time (a label, a paragraph
 * of the notice), whose hash V8 keeps, where a key joining it to the rest was a new string to hash
 * and compare in full on every measure, a few KB for the notice's paragraphs, and four numbers to
 * write out. A text is mostly measured one way: its few ways are compared one by one.
 */
interface MeasuredHeight {
  style: PdfFontStyle;
  size: number;
  width: number;
  lineGap: number;
  height: number;
}
const measuredHeights = new Map<string, MeasuredHeight[]>();
let measuredCount = 0;
let measuredCharacters = 0;
const MAX_MEASURED_HEIGHTS = 20_000;
// Cell texts run to 1,000 characters: the heights' keys are bounded by their length as well.
const MAX_MEASURED_CHARACTERS = 1_000_000;

export const PAGE_MARGINS = { top: 68, bottom: 64, left: 56, right: 56 } as const;

const BODY_SIZE = 9.5;
const TABLE_SIZE = 8.5;
const LINE_GAP = 1.5;
const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 3.5;
const TABLE_GAP = 6;
const NOTICE_PADDING = 6;
/** Accent bar plus the space between it and the text. */
const NOTICE_INSET = 11;
const NOTICE_GAP = 8;
/** A table up to this share of a page moves whole to the next page rather than split. */
const KEEP_TOGETHER_SHARE = 0.2;
/**
 * Rows of a split table that stay with its header on the first page: two, or all three of a table of
 * three, which could otherwise only split leaving one row alone on a page.
 */
const FIRST_ROWS_KEPT = (rows: number) => (rows === 3 ? 3 : 2);

const COLOR = {
  text: '#1a1a1a',
  muted: '#555555',
  heading: '#1f3a5f',
  rule: '#b8c2cc',
  tableHeader: '#e6ebf1',
  emphasisRow: '#f2f4f7',
  noticeFill: '#f5f7fa',
  alert: '#b03a2e',
  ok: '#2e7d4f',
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
  /** The first column heads its row (a label): tagged TH rather than TD. */
  rowHeaders?: boolean;
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

type StructureElement = PDFKit.PDFStructureElement;

/**
 * Writes flowing content on A4 pages: every block is measured before it is drawn and moved to a new
 * page when it would cross the bottom margin, so nothing overflows and table headers repeat. Small
 * tables move whole; larger ones split between rows, so that keeping a block together never leaves
 * most of a page blank.
 *
 * The document is tagged (PDF/A-2, accessibility): headings, paragraphs and tables are structure
 * elements under one `Document` element; backgrounds, rules, running headers and footers and the
 * watermark are artifacts.
 */
export class PdfFlowLayout {
  private readonly root: StructureElement;
  private current: StructureElement;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    // Registered under their PostScript names: pdfkit caches a font by the name it is asked by, and
    // the default font (the regular one, set at creation) is already known under its own.
    for (const style of Object.keys(PDF_FONTS) as PdfFontStyle[]) {
      doc.registerFont(PDF_FONTS[style].postscriptName, PDF_FONTS[style] as unknown as string);
    }
    shareWordLayouts(doc);
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
    this.current = this.root;
  }

  /** Closes the structure tree; call once, after the last block. */
  end(): void {
    this.root.end();
  }

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

  /** The rest of the current page. */
  get remaining(): number {
    return this.bottom - this.doc.y;
  }

  title(title: string, subtitle: string): void {
    this.tag('H1', () => {
      this.doc.font(FONT('bold')).fontSize(22).fillColor(COLOR.heading);
      this.doc.text(drawableText(title), this.left, this.doc.y, { width: this.width, align: 'center' });
    });
    this.doc.moveDown(0.2);
    this.tag('P', () => {
      this.doc.font(FONT('regular')).fontSize(10).fillColor(COLOR.muted);
      this.doc.text(drawableText(subtitle), this.left, this.doc.y, { width: this.width, align: 'center' });
    });
    this.doc.moveDown(0.6);
  }

  /** Starts the next block on a new page. */
  pageBreak(): void {
    this.doc.addPage();
  }

  /** `keepWithNext`: height of what follows that must stay on the heading's page. */
  sectionHeading(text: string, keepWithNext = 60): void {
    const height = this.textHeight(text, 'bold', 12.5, this.width) + 20;
    this.doc.font(FONT('bold')).fontSize(12.5);
    // Keep a heading with the start of its content rather than alone at the foot of a page.
    this.ensureSpace(Math.min(height + keepWithNext, this.pageContentHeight));
    this.doc.moveDown(0.6);
    this.tag('H2', () => {
      this.doc
        .fillColor(COLOR.heading)
        .text(drawableText(text), this.left, this.doc.y, { width: this.width });
    });
    const ruleY = this.doc.y + 2;
    this.artifact(() => {
      this.doc
        .moveTo(this.left, ruleY)
        .lineTo(this.left + this.width, ruleY)
        .lineWidth(1)
        .strokeColor(COLOR.heading)
        .stroke();
    });
    this.doc.y = ruleY + 8;
  }

  subHeading(text: string, keepWithNext = 45): void {
    const height = this.measureSubHeading(text);
    this.doc.font(FONT('bold')).fontSize(10.5);
    this.ensureSpace(Math.min(height + keepWithNext, this.pageContentHeight));
    this.doc.moveDown(0.4);
    this.tag('H3', () => {
      this.doc
        .fillColor(COLOR.heading)
        .text(drawableText(text), this.left, this.doc.y, { width: this.width });
    });
    this.doc.y += 4;
  }

  /** Height `subHeading` takes, for a section heading to keep the first subheading with it. */
  measureSubHeading(text: string): number {
    return this.textHeight(text, 'bold', 10.5, this.width) + 10;
  }

  /** Body text; a long paragraph flows onto the next pages. */
  paragraph(
    text: string,
    options: { italic?: boolean; bold?: boolean; color?: string; justify?: boolean; size?: number } = {},
  ): void {
    const font = FONT(options.italic ? 'italic' : options.bold ? 'bold' : 'regular');
    // Measured before the font is set for drawing: measuring sets its own.
    const keep = this.paragraphKeepHeight(text, options);
    this.doc
      .font(font)
      .fontSize(options.size ?? BODY_SIZE)
      .fillColor(options.color ?? COLOR.text);
    this.ensureSpace(Math.min(keep, this.pageContentHeight));
    this.tag('P', () => {
      this.doc.text(drawableText(text), this.left, this.doc.y, {
        width: this.width,
        align: options.justify ? 'justify' : 'left',
        lineGap: LINE_GAP,
      });
    });
    this.doc.moveDown(0.4);
  }

  /** Height `paragraph` will take. */
  measureParagraph(text: string, options: { bold?: boolean; size?: number } = {}): number {
    const size = options.size ?? BODY_SIZE;
    const height = this.textHeight(text, options.bold ? 'bold' : 'regular', size, this.width, LINE_GAP);
    this.doc.font(FONT(options.bold ? 'bold' : 'regular')).fontSize(size);
    return height + this.doc.currentLineHeight(true) * 0.4;
  }

  /**
   * What of a paragraph must be on the page it starts on: all of it up to three lines, its first three
   * lines beyond. `paragraph` asks for exactly this, so a heading kept with it (`keepWithNext`) is never
   * left alone at the foot of a page.
   */
  paragraphKeepHeight(
    text: string,
    options: { italic?: boolean; bold?: boolean; size?: number } = {},
  ): number {
    const style: PdfFontStyle = options.italic ? 'italic' : options.bold ? 'bold' : 'regular';
    const size = options.size ?? BODY_SIZE;
    const height = this.textHeight(text, style, size, this.width, LINE_GAP);
    this.doc.font(FONT(style)).fontSize(size);
    return Math.min(height, (this.doc.currentLineHeight(true) + LINE_GAP) * 3);
  }

  /** A framed statement the reader must not miss (declaration, specimen, alerts), one paragraph a line. */
  notice(lines: string | string[], options: NoticeOptions = {}): void {
    const texts = (Array.isArray(lines) ? lines : [lines]).map(drawableText);
    const accent = options.color ?? COLOR.heading;
    const height = this.measureNotice(texts, options) - NOTICE_GAP;
    this.ensureSpace(Math.min(height, this.pageContentHeight));
    const top = this.doc.y;
    this.artifact(() => {
      this.doc.rect(this.left, top, this.width, height).fill(COLOR.noticeFill);
      this.doc.rect(this.left, top, 3, height).fill(accent);
    });
    this.doc.y = top + NOTICE_PADDING;
    texts.forEach((text, index) => {
      this.tag('P', () => {
        this.doc
          .font(FONT(options.bold && index === 0 ? 'bold' : 'regular'))
          .fontSize(BODY_SIZE)
          .fillColor(options.color ?? COLOR.text)
          .text(text, this.left + NOTICE_INSET, this.doc.y, {
            width: this.noticeTextWidth,
            lineGap: LINE_GAP,
          });
      });
    });
    this.doc.x = this.left;
    this.doc.y = top + height + NOTICE_GAP;
  }

  /** Height `notice` will take, spacing below included. */
  measureNotice(lines: string | string[], options: NoticeOptions = {}): number {
    const texts = Array.isArray(lines) ? lines : [lines];
    const textHeight = texts.reduce(
      (sum, text, index) =>
        sum +
        this.textHeight(
          text,
          options.bold && index === 0 ? 'bold' : 'regular',
          BODY_SIZE,
          this.noticeTextWidth,
          LINE_GAP,
        ),
      0,
    );
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
    // A small table moves whole; a larger one needs at least its first rows under the header.
    const keepWhole = wholeHeight <= this.pageContentHeight * KEEP_TOGETHER_SHARE;
    const firstBlock = keepWhole
      ? wholeHeight
      : headerHeight +
        rowHeights.slice(0, FIRST_ROWS_KEPT(rows.length)).reduce((sum, height) => sum + height, 0);
    this.ensureSpace(Math.min(firstBlock, this.pageContentHeight));

    const table = this.doc.struct('Table');
    this.current.add(table);
    const drawHeader = () => {
      if (showHeader)
        this.drawRow(table, headerRow, columns, widths, headerHeight, COLOR.tableHeader, true, false);
    };
    drawHeader();
    let rowsOnPage = 0;
    rows.forEach((row, index) => {
      const height = rowHeights[index];
      // The last row never starts a page alone: when it would, the row before goes over with it, as
      // long as that leaves two rows behind.
      const lastTwo = index === rows.length - 2 ? height + rowHeights[index + 1] : height;
      const widow = rowsOnPage >= 2 && this.doc.y + lastTwo > this.bottom;
      if (this.doc.y + height > this.bottom || widow) {
        this.doc.addPage();
        drawHeader();
        rowsOnPage = 0;
      }
      rowsOnPage++;
      const fill = row.emphasis ? COLOR.emphasisRow : null;
      this.drawRow(table, row, columns, widths, height, fill, false, spec.rowHeaders ?? false);
    });
    table.end();
    this.doc.x = this.left;
    this.doc.y += TABLE_GAP;
  }

  /**
   * What of `table` must stay with the heading before it: all of it when it moves whole (small), else
   * its header and first two rows.
   */
  keepHeight(spec: TableSpec): number {
    const widths = this.columnWidths(spec.columns);
    const header = (spec.showHeader ?? true) ? this.rowHeight(this.headerRow(spec.columns), widths) : 0;
    const rows = spec.rows.map((row) => this.rowHeight(row, widths));
    const whole = rows.reduce((sum, height) => sum + height, header);
    if (whole <= this.pageContentHeight * KEEP_TOGETHER_SHARE) return whole + TABLE_GAP;
    return header + rows.slice(0, FIRST_ROWS_KEPT(rows.length)).reduce((sum, height) => sum + height, 0);
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
      this.artifact(() => {
        if (decoration.watermark) this.drawWatermark(decoration.watermark);
      });
      this.artifact(() => this.drawHeader(decoration), 'Pagination');
      this.artifact(() => this.drawFooter(decoration, index - range.start + 1, range.count), 'Pagination');
      margins.bottom = savedBottom;
    }
  }

  /** Content that belongs to the structure: marked and attached to an element of type `type`. */
  private tag(type: string, draw: () => void): void {
    const element = this.doc.struct(type);
    this.current.add(element);
    element.add(draw);
    element.end();
  }

  /** Decoration that is not content (backgrounds, rules, running headers): marked as an artifact. */
  private artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  private drawHeader(decoration: PageDecoration): void {
    const y = 30;
    const halfWidth = this.width / 2;
    this.doc.font(FONT('regular')).fontSize(8).fillColor(COLOR.muted);
    this.doc.text(this.fitOneLine(decoration.headerLeft, halfWidth), this.left, y, {
      width: halfWidth,
      lineBreak: false,
    });
    this.doc.font(FONT('bold')).fillColor(decoration.headerRightColor ?? COLOR.muted);
    this.doc.text(this.fitOneLine(decoration.headerRight, halfWidth), this.left + halfWidth, y, {
      width: halfWidth,
      align: 'right',
      lineBreak: false,
    });
    this.rule(y + 14, 0.5);
  }

  private drawFooter(decoration: PageDecoration, page: number, pages: number): void {
    const y = this.doc.page.height - 44;
    const pageNumber = drawableText(decoration.pageNumber(page, pages));
    this.rule(y - 8, 0.5);
    this.doc.font(FONT('regular')).fontSize(8).fillColor(COLOR.muted);
    const numberWidth = this.doc.widthOfString(pageNumber);
    // One line whatever the property's name: the left part gives way to the page number.
    const leftWidth = this.width - numberWidth - 12;
    this.doc.text(this.fitOneLine(decoration.footerLeft, leftWidth), this.left, y, {
      width: leftWidth,
      lineBreak: false,
    });
    this.doc.text(pageNumber, this.left + this.width - numberWidth, y, { lineBreak: false });
  }

  /**
   * The text cut with an ellipsis to fit `width` on one line in the current font: the longest prefix
   * that fits, found by doubling then halving. Taking one character off at a time measured the whole
   * rest again each time, quadratic: a 1,000-character name without spaces held the worker 3.4 s.
   */
  private fitOneLine(text: string, width: number): string {
    const drawable = drawableText(text).replace(/\s+/g, ' ');
    if (this.doc.widthOfString(drawable) <= width) return drawable;
    const characters = [...drawable];
    const fits = (count: number) =>
      this.doc.widthOfString(`${characters.slice(0, count).join('')}…`) <= width;
    // `fitting` fits (or is 0), `tooLong` does not: all of it does not, even without the ellipsis.
    let fitting = 0;
    let tooLong = 1;
    while (tooLong < characters.length && fits(tooLong)) [fitting, tooLong] = [tooLong, tooLong * 2];
    tooLong = Math.min(tooLong, characters.length);
    while (tooLong - fitting > 1) {
      const middle = (fitting + tooLong) >> 1;
      if (fits(middle)) fitting = middle;
      else tooLong = middle;
    }
    return `${characters.slice(0, fitting).join('').trimEnd()}…`;
  }

  private drawWatermark(text: string): void {
    const { width, height } = this.doc.page;
    const size = 110;
    this.doc.save();
    this.doc.rotate(-Math.atan(height / width) * (180 / Math.PI), { origin: [width / 2, height / 2] });
    this.doc.font(FONT('bold')).fontSize(size).fillColor(COLOR.alert).fillOpacity(0.1);
    const textWidth = this.doc.widthOfString(drawableText(text));
    this.doc.text(drawableText(text), (width - textWidth) / 2, height / 2 - size * 0.36, {
      lineBreak: false,
    });
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

  /**
   * The height `text` takes in a column, as pdfkit lays it out. Measuring wraps the text as drawing
   * does, and most texts (labels, the notice, the legal lines) are the same in every document: the
   * heights are kept across documents, dropped whole past a bound.
   */
  private textHeight(text: string, style: PdfFontStyle, size: number, width: number, lineGap = 0): number {
    const known = measuredHeights
      .get(text)
      ?.find((m) => m.style === style && m.size === size && m.width === width && m.lineGap === lineGap);
    if (known) return known.height;
    this.doc.font(FONT(style)).fontSize(size);
    const height = this.doc.heightOfString(drawableText(text), { width, lineGap });
    if (measuredCount >= MAX_MEASURED_HEIGHTS || measuredCharacters + text.length > MAX_MEASURED_CHARACTERS) {
      measuredHeights.clear();
      measuredCount = 0;
      measuredCharacters = 0;
    }
    let heights = measuredHeights.get(text);
    if (!heights) {
      measuredHeights.set(text, (heights = []));
      measuredCharacters += text.length;
    }
    heights.push({ style, size, width, lineGap, height });
    measuredCount++;
    return height;
  }

  private cellText(cell: string | TableCell): TableCell {
    return typeof cell === 'string' ? { text: cell } : cell;
  }

  private rowHeight(row: TableRow, widths: number[]): number {
    const heights = row.cells.map((raw, index) => {
      const cell = this.cellText(raw);
      const style = cell.bold || row.emphasis ? 'bold' : 'regular';
      return this.textHeight(cell.text, style, TABLE_SIZE, widths[index] - 2 * CELL_PADDING_X, LINE_GAP);
    });
    return Math.max(...heights) + 2 * CELL_PADDING_Y;
  }

  private drawRow(
    table: StructureElement,
    row: TableRow,
    columns: TableColumn[],
    widths: number[],
    height: number,
    fill: string | null,
    header: boolean,
    rowHeaders: boolean,
  ): void {
    const top = this.doc.y;
    this.artifact(() => {
      if (fill) this.doc.rect(this.left, top, this.width, height).fill(fill);
      this.doc
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.width, top + height)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
    });
    const tableRow = this.doc.struct('TR');
    table.add(tableRow);
    let x = this.left;
    row.cells.forEach((raw, index) => {
      const cell = this.cellText(raw);
      const cellX = x;
      const element = this.doc.struct(header || (rowHeaders && index === 0) ? 'TH' : 'TD');
      tableRow.add(element);
      element.add(() => {
        this.doc
          .font(FONT(cell.bold || row.emphasis ? 'bold' : 'regular'))
          .fontSize(TABLE_SIZE)
          .fillColor(cell.color ?? COLOR.text);
        // A cell taller than a page (a pathological title) is cut with an ellipsis instead of overflowing.
        this.doc.text(drawableText(cell.text), cellX + CELL_PADDING_X, top + CELL_PADDING_Y, {
          width: widths[index] - 2 * CELL_PADDING_X,
          height: height - 2 * CELL_PADDING_Y + LINE_GAP,
          ellipsis: true,
          align: columns[index]?.align ?? 'left',
          lineGap: LINE_GAP,
        });
      });
      element.end();
      x += widths[index];
    });
    tableRow.end();
    this.doc.x = this.left;
    this.doc.y = top + height;
  }
}
