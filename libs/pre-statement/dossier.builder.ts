import {
  PDFArray,
  type PDFContext,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  type PDFRef,
  PDFHexString,
  PDFDict,
  PDFString,
  ParseSpeeds,
} from 'pdf-lib';
import { documentLabel } from '@libs/orders/document-labels';
import { type PreStatementAnnex } from './pre-statement-input';
import { orderAnnexes } from './pre-statement-view';
import { PdfIncrementalUpdate } from './pdf-incremental-update';

/** A document obtained for the order, with its bytes, before it is joined to the dossier. */
export interface AnnexFile {
  annex: Omit<PreStatementAnnex, 'pages'>;
  mimetype: string;
  content: Buffer;
}

/** An annex read and ready to join: its page count is known, so the pre-statement can list it. */
export interface PreparedAnnex {
  annex: PreStatementAnnex;
  /** The pages joined to the dossier; null for a file that could not be read (listed with 0 pages). */
  document: PDFDocument | null;
}

export interface DossierMetadata {
  title: string;
  author: string;
  subject: string;
  issuedAt: Date;
}

const A4 = { width: 595.28, height: 841.89 } as const;
const LANGUAGE = 'fr-FR';
const PRODUCER = 'pdf-lib';
const IMAGE_MARGIN = 36;

/**
 * PDF objects pdf-lib reads or writes between two turns of the event loop. Its default (100) waits for
 * a timer every 100 objects: joining a pre-statement and ten annexes took 13 ms instead of 6.5 for
 * the same 9 ms of CPU. 1,500 lets a pre-statement and a usual annex through in one go, and a
 * syndic's thousand-page file still yields, so the worker's other activities and heartbeats go on.
 */
const OBJECTS_PER_TICK = ParseSpeeds.Fast;
/** Pages copied between two turns of the event loop: a page is a few objects, so about OBJECTS_PER_TICK. */
const PAGES_PER_TICK = 300;

/**
 * Reads every annex (PDFs with pdf-lib, JPEG and PNG images placed on one page each) in the order they
 * are numbered. A file that cannot be read (damaged, encrypted, an image that does not decode) is kept
 * in the list with 0 pages: the pre-statement says it could not be joined, and the dossier goes
 * without it. Images are decoded here, not when joining, so that the page count the pre-statement
 * prints is that of what the dossier holds.
 */
export async function prepareAnnexes(files: readonly AnnexFile[]): Promise<PreparedAnnex[]> {
  const prepared: PreparedAnnex[] = [];
  for (const file of files) {
    prepared.push(await prepareAnnex(file));
  }
  return orderAnnexes(prepared.map((item) => ({ ...item.annex, item }))).map(({ item }) => item);
}

async function prepareAnnex(file: AnnexFile): Promise<PreparedAnnex> {
  try {
    const document =
      file.mimetype === 'image/jpeg' || file.mimetype === 'image/png'
        ? await imagePage(file.mimetype, file.content)
        : // Encrypted files are refused rather than copied as unreadable pages.
          await PDFDocument.load(file.content, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
    return { annex: { ...file.annex, pages: document.getPageCount() }, document };
  } catch {
    return { annex: { ...file.annex, pages: 0 }, document: null };
  }
}

/** An image on an A4 page, centred, scaled down to fit its margins (never up). */
async function imagePage(mimetype: 'image/jpeg' | 'image/png', content: Buffer): Promise<PDFDocument> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const image =
    mimetype === 'image/png' ? await document.embedPng(content) : await document.embedJpg(content);
  const page = document.addPage([A4.width, A4.height]);
  const scale = Math.min(
    (A4.width - 2 * IMAGE_MARGIN) / image.width,
    (A4.height - 2 * IMAGE_MARGIN) / image.height,
    1,
  );
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4.width - width) / 2, y: (A4.height - height) / 2, width, height });
  // The image's own object is written into the document only now.
  await document.flush();
  return document;
}

/**
 * One PDF: the pre-statement, then every annex in its numbered order, each bookmarked ("Annexe n° 3 –
 * Procès-verbal…"), with the document's metadata. The annexes are the syndic's files as they are:
 * the dossier is a convenience for the notary, not an archival (PDF/A) file like the pre-statement.
 *
 * The pre-statement's bytes come first, as they are, and the annexes follow as an incremental update
 * (pdf-incremental-update.ts): its hundreds of structure elements are neither parsed nor copied, and
 * its pages keep their tags. A pre-statement that cannot be updated so is copied page by page instead.
 */
export async function buildDossier(
  preStatement: Buffer,
  annexes: readonly PreparedAnnex[],
  metadata: DossierMetadata,
): Promise<Buffer> {
  const update = PdfIncrementalUpdate.open(preStatement);
  return update
    ? appendToPreStatement(update, annexes, metadata)
    : joinByCopying(preStatement, annexes, metadata);
}

async function appendToPreStatement(
  update: PdfIncrementalUpdate,
  annexes: readonly PreparedAnnex[],
  metadata: DossierMetadata,
): Promise<Buffer> {
  const { context, catalog } = update;
  const bookmarks: Bookmark[] = [{ title: metadata.title, page: update.firstPage() }];
  let pagesSinceTick = 0;
  await forEachAnnex(annexes, async (title, pages) => {
    const copier = PDFObjectCopier.for(pages.document.context, context);
    const refs = pages.indices.map((index) =>
      context.register(copier.copy(pages.document.getPage(index).node)),
    );
    update.appendPages(refs);
    if (refs.length > 0) bookmarks.push({ title, page: refs[0]! });
    // A syndic's thousand-page file is copied a turn of the event loop at a time, as pdf-lib reads it.
    pagesSinceTick += refs.length;
    if (pagesSinceTick >= PAGES_PER_TICK) {
      pagesSinceTick = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  // No longer an archival file: its PDF/A identification and output intent do not apply to the annexes.
  catalog.delete(PDFName.of('Metadata'));
  catalog.delete(PDFName.of('OutputIntents'));
  catalog.set(PDFName.of('Lang'), PDFString.of(LANGUAGE));
  addOutline(context, catalog, bookmarks);
  // The pre-statement's viewer preferences already show the title rather than the file name.
  return update.save(dossierInformation(context, metadata), OBJECTS_PER_TICK);
}

/** The whole dossier rebuilt with pdf-lib, the pre-statement's pages copied into it. */
async function joinByCopying(
  preStatement: Buffer,
  annexes: readonly PreparedAnnex[],
  metadata: DossierMetadata,
): Promise<Buffer> {
  const dossier = await PDFDocument.create({ updateMetadata: false });
  const main = await PDFDocument.load(preStatement, { parseSpeed: OBJECTS_PER_TICK });
  const mainPages = await dossier.copyPages(main, main.getPageIndices());
  mainPages.forEach((page) => dossier.addPage(page));
  const bookmarks: Bookmark[] = [{ title: metadata.title, page: mainPages[0]!.ref }];
  await forEachAnnex(annexes, async (title, pages) => {
    const copied = await dossier.copyPages(pages.document, pages.indices);
    copied.forEach((page) => dossier.addPage(page));
    if (copied.length > 0) bookmarks.push({ title, page: copied[0]!.ref });
  });
  addOutline(dossier.context, dossier.catalog, bookmarks);
  dossier.context.trailerInfo.Info = dossier.context.register(dossierInformation(dossier.context, metadata));
  dossier.catalog.getOrCreateViewerPreferences().setDisplayDocTitle(true);
  dossier.setLanguage(LANGUAGE);
  return Buffer.from(await dossier.save({ objectsPerTick: OBJECTS_PER_TICK }));
}

/** The dossier's information dictionary, whichever way it is joined. */
function dossierInformation(context: PDFContext, metadata: DossierMetadata): PDFDict {
  return context.obj({
    Title: PDFHexString.fromText(metadata.title),
    Author: PDFHexString.fromText(metadata.author),
    Subject: PDFHexString.fromText(metadata.subject),
    Creator: PDFHexString.fromText(metadata.author),
    Producer: PDFHexString.fromText(PRODUCER),
    CreationDate: PDFString.fromDate(metadata.issuedAt),
    ModDate: PDFString.fromDate(metadata.issuedAt),
  });
}

interface Bookmark {
  title: string;
  page: PDFRef;
}

/** Pages to join: a PDF annex's own, or the page an image is placed on. */
interface AnnexPages {
  document: PDFDocument;
  indices: number[];
}

/** Calls `join` with each joinable annex's bookmark title and pages, in the annexes' numbered order. */
async function forEachAnnex(
  annexes: readonly PreparedAnnex[],
  join: (title: string, pages: AnnexPages) => Promise<void>,
): Promise<void> {
  let number = 0;
  for (const { annex, document } of annexes) {
    number += 1;
    if (document) {
      await join(`Annexe n° ${number} – ${annex.title || documentLabel(annex)}`, {
        document,
        indices: document.getPageIndices(),
      });
    }
  }
}

/** A flat outline (bookmarks panel) with one entry per part, opened on the page it starts. */
function addOutline(context: PDFContext, catalog: PDFDict, bookmarks: readonly Bookmark[]): void {
  if (bookmarks.length === 0) return;
  const outlineRef = context.nextRef();
  const itemRefs: PDFRef[] = bookmarks.map(() => context.nextRef());
  bookmarks.forEach((bookmark, index) => {
    const item = PDFDict.withContext(context);
    item.set(PDFName.of('Title'), PDFHexString.fromText(bookmark.title));
    item.set(PDFName.of('Parent'), outlineRef);
    if (index > 0) item.set(PDFName.of('Prev'), itemRefs[index - 1]);
    if (index < bookmarks.length - 1) item.set(PDFName.of('Next'), itemRefs[index + 1]);
    const destination = PDFArray.withContext(context);
    destination.push(bookmark.page);
    destination.push(PDFName.of('XYZ'));
    destination.push(context.obj(null));
    destination.push(context.obj(null));
    destination.push(context.obj(null));
    item.set(PDFName.of('Dest'), destination);
    context.assign(itemRefs[index], item);
  });
  const outline = PDFDict.withContext(context);
  outline.set(PDFName.of('Type'), PDFName.of('Outlines'));
  outline.set(PDFName.of('First'), itemRefs[0]);
  outline.set(PDFName.of('Last'), itemRefs[itemRefs.length - 1]);
  outline.set(PDFName.of('Count'), PDFNumber.of(bookmarks.length));
  context.assign(outlineRef, outline);
  catalog.set(PDFName.of('Outlines'), outlineRef);
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
