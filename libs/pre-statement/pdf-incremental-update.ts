import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFContext,
  PDFCrossRefSection,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFRef,
  PDFTrailer,
  PDFTrailerDict,
} from 'pdf-lib';

/** What of the original an update builds on, read from its last trailer and two of its objects. */
interface OriginalFile {
  size: number;
  xrefOffset: number;
  /** Where the cross-reference table's first entry starts. */
  entriesOffset: number;
  rootRef: PDFRef;
  infoRef: PDFRef | null;
  id: PDFArray | null;
}

const CLASSIC_XREF_ENTRY_BYTES = 20;
const END_OBJECT = '\nendobj\n';

/**
 * An incremental update (ISO 32000-1, 7.5.6) of a PDF with a classic cross-reference table: new and
 * changed objects are written after the original bytes, which stay as they are, so nothing of the
 * original is parsed but its trailer, its catalog and its page tree root. pdfkit writes such files;
 * `open` answers null for any other (a cross-reference stream, an encrypted or damaged file), and the
 * caller then rebuilds the whole document instead.
 */
export class PdfIncrementalUpdate {
  private constructor(
    private readonly original: Buffer,
    private readonly file: OriginalFile,
    /** The original catalog, as read: its changes are written on save, under its number. */
    readonly catalog: PDFDict,
    /** The root of the original page tree, as read: the same. */
    readonly pageTree: PDFDict,
    readonly pageTreeRef: PDFRef,
    /** The new objects, numbered after the original's. */
    readonly context: PDFContext,
  ) {}

  static open(original: Buffer): PdfIncrementalUpdate | null {
    try {
      const context = PDFContext.create();
      const file = readOriginalFile(original, context);
      if (!file) return null;
      const offsetOf = (ref: PDFRef) => objectOffset(original, file, ref);
      const catalog = readObjectAt(original, offsetOf(file.rootRef), file.rootRef, context);
      if (!(catalog instanceof PDFDict)) return null;
      const pageTreeRef = catalog.get(PDFName.of('Pages'));
      if (!(pageTreeRef instanceof PDFRef)) return null;
      const pageTree = readObjectAt(original, offsetOf(pageTreeRef), pageTreeRef, context);
      if (
        !(pageTree instanceof PDFDict) ||
        !(pageTree.get(PDFName.of('Kids')) instanceof PDFArray) ||
        !(pageTree.get(PDFName.of('Count')) instanceof PDFNumber)
      ) {
        return null;
      }
      context.largestObjectNumber = file.size - 1;
      return new PdfIncrementalUpdate(original, file, catalog, pageTree, pageTreeRef, context);
    } catch {
      return null;
    }
  }

  /** The original's first page. */
  firstPage(): PDFRef {
    return this.pageTree.lookup(PDFName.of('Kids'), PDFArray).get(0) as PDFRef;
  }

  /** Adds pages (registered in `context`) after the original's, children of its page tree root. */
  appendPages(pages: readonly PDFRef[]): void {
    const kids = this.pageTree.lookup(PDFName.of('Kids'), PDFArray);
    const count = this.pageTree.lookup(PDFName.of('Count'), PDFNumber).asNumber();
    for (const page of pages) {
      this.context.lookup(page, PDFDict).set(PDFName.of('Parent'), this.pageTreeRef);
      kids.push(page);
    }
    this.pageTree.set(PDFName.of('Count'), PDFNumber.of(count + pages.length));
  }

  /**
   * The original bytes followed by the update: every object of `context`, the catalog, the page tree
   * root and `info` (under the original information dictionary's number when it has one). The same
   * inputs give the same bytes.
   */
  async save(info: PDFDict, objectsPerTick: number): Promise<Buffer> {
    const { context, file } = this;
    context.assign(file.rootRef, this.catalog);
    context.assign(this.pageTreeRef, this.pageTree);
    const infoRef = file.infoRef ?? context.nextRef();
    context.assign(infoRef, info);

    // The original ends with %%EOF and, from pdfkit, a newline; a lone newline separates it otherwise.
    const separator = this.original[this.original.length - 1] === 0x0a ? 0 : 1;
    const start = this.original.length + separator;
    const objects = context.enumerateIndirectObjects().map(([ref, object]) => ({
      ref,
      object,
      head: `${ref.objectNumber} ${ref.generationNumber} obj\n`,
      size: object.sizeInBytes(),
    }));
    const xref = PDFCrossRefSection.createEmpty();
    let length = 0;
    for (const { ref, head, size } of objects) {
      xref.addEntry(ref, start + length);
      length += head.length + size + END_OBJECT.length;
    }
    // One buffer for the update's objects, written as pdf-lib's own writer does, yielding now and then
    // so that a dossier of thousands of pages does not hold the worker's event loop.
    const body = Buffer.allocUnsafe(length);
    let offset = 0;
    for (let index = 0; index < objects.length; index++) {
      const { object, head, size } = objects[index]!;
      offset += body.write(head, offset, 'latin1');
      object.copyBytesInto(body, offset);
      offset += size;
      offset += body.write(END_OBJECT, offset, 'latin1');
      if ((index + 1) % objectsPerTick === 0) await new Promise((resolve) => setImmediate(resolve));
    }

    const trailer = context.obj({
      Size: context.largestObjectNumber + 1,
      Root: file.rootRef,
      Info: infoRef,
      Prev: file.xrefOffset,
    });
    // The first identifier names the document, the second this version of it (14.4).
    const changed = PDFHexString.of(createHash('md5').update(body).digest('hex'));
    trailer.set(PDFName.of('ID'), context.obj([file.id?.get(0) ?? changed, changed]));
    const trailerDict = PDFTrailerDict.of(trailer);
    const end = PDFTrailer.forLastCrossRefSectionOffset(start + length);
    const tail = Buffer.alloc(xref.sizeInBytes() + 1 + trailerDict.sizeInBytes() + 1 + end.sizeInBytes());
    let at = xref.copyBytesInto(tail, 0);
    tail[at++] = 0x0a;
    at += trailerDict.copyBytesInto(tail, at);
    tail[at++] = 0x0a;
    end.copyBytesInto(tail, at);
    return Buffer.concat([this.original, Buffer.from(separator ? '\n' : ''), body, tail]);
  }
}

/** The last trailer and its cross-reference table, when it is a single classic subsection from 0. */
function readOriginalFile(bytes: Buffer, context: PDFContext): OriginalFile | null {
  const tail = bytes.subarray(Math.max(0, bytes.length - 64)).toString('latin1');
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) return null;
  const xrefOffset = Number(startxref[1]);
  const header = /^xref\r?\n0 (\d+)\r?\n/.exec(
    bytes.subarray(xrefOffset, xrefOffset + 32).toString('latin1'),
  );
  if (!header) return null;
  const size = Number(header[1]);
  const entriesOffset = xrefOffset + header[0].length;
  const trailerOffset = entriesOffset + size * CLASSIC_XREF_ENTRY_BYTES;
  const keyword = /^trailer\s*/.exec(bytes.subarray(trailerOffset, trailerOffset + 16).toString('latin1'));
  if (!keyword) return null;
  const trailer = PDFObjectParser.forBytes(
    bytes.subarray(trailerOffset + keyword[0].length),
    context,
  ).parseObject();
  if (!(trailer instanceof PDFDict) || trailer.has(PDFName.of('Encrypt'))) return null;
  const rootRef = trailer.get(PDFName.of('Root'));
  const infoRef = trailer.get(PDFName.of('Info'));
  const id = trailer.get(PDFName.of('ID'));
  if (!(rootRef instanceof PDFRef)) return null;
  return {
    size,
    xrefOffset,
    entriesOffset,
    rootRef,
    infoRef: infoRef instanceof PDFRef ? infoRef : null,
    id: id instanceof PDFArray ? id : null,
  };
}

/** Where the cross-reference table says `ref` starts. */
function objectOffset(bytes: Buffer, file: OriginalFile, ref: PDFRef): number {
  if (ref.objectNumber <= 0 || ref.objectNumber >= file.size)
    throw new Error(`no object ${ref.objectNumber}`);
  const entryOffset = file.entriesOffset + ref.objectNumber * CLASSIC_XREF_ENTRY_BYTES;
  const entry = /^(\d{10}) (\d{5}) n/.exec(bytes.subarray(entryOffset, entryOffset + 18).toString('latin1'));
  if (!entry || Number(entry[2]) !== ref.generationNumber)
    throw new Error(`no entry for object ${ref.objectNumber}`);
  return Number(entry[1]);
}

/** The object at `offset`, checked to be `ref`'s. */
function readObjectAt(bytes: Buffer, offset: number, ref: PDFRef, context: PDFContext) {
  const header = /^(\d+) (\d+) obj\s*/.exec(bytes.subarray(offset, offset + 32).toString('latin1'));
  if (!header || Number(header[1]) !== ref.objectNumber || Number(header[2]) !== ref.generationNumber) {
    throw new Error(`object ${ref.objectNumber} is not where the table says`);
  }
  return PDFObjectParser.forBytes(bytes.subarray(offset + header[0].length), context).parseObject();
}
