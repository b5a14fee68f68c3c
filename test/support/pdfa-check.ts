import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { inflateSync } from 'node:zlib';

/**
 * Checks the requirements of PDF/A-2 (ISO 19005-2) that matter for a generated document, with pdf-lib
 * as the parser: no validator of the standard runs on this machine (veraPDF needs Maven Central), so
 * this is the project's own check, not a certification. Returns what is wrong, empty when nothing.
 *
 * - file header `%PDF-1.x` followed by a comment line of bytes above 127 (6.1.2);
 * - a trailer `ID`, no `Encrypt` (6.1.3);
 * - XMP metadata, uncompressed, identifying PDF/A part 2, conformance B, and agreeing with the document
 *   information dictionary: title, author, subject, producer, creation date (6.6);
 * - an output intent `GTS_PDFA1` with an embedded ICC profile (6.2.3);
 * - every font used by every page embedded (`FontFile`, `FontFile2` or `FontFile3`) with a `ToUnicode`
 *   map (6.2.11);
 * - tagged: `MarkInfo` with `Marked true`, a `StructTreeRoot`, and the document's `Lang` (6.8 for 2a).
 */
export async function checkPdfA2(bytes: Buffer): Promise<string[]> {
  const problems: string[] = [];
  const header = bytes.subarray(0, 32).toString('latin1');
  if (!/^%PDF-1\.[4-7]\r?\n%[\x80-\xff]{4}/.test(header))
    problems.push('header: %PDF-1.x then a binary comment');

  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const context = pdf.context;
  const trailer = context.trailerInfo;
  if (!trailer.ID) problems.push('trailer: no ID');
  if (trailer.Encrypt) problems.push('trailer: encrypted');

  const info = trailer.Info ? context.lookup(trailer.Info, PDFDict) : null;
  const infoText = (key: string): string | null => {
    const value = info?.lookup(PDFName.of(key));
    return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
  };

  const metadataRef = pdf.catalog.get(PDFName.of('Metadata'));
  const metadata = metadataRef ? context.lookup(metadataRef) : null;
  if (!(metadata instanceof PDFRawStream)) {
    problems.push('catalog: no XMP metadata stream');
  } else {
    if (metadata.dict.get(PDFName.of('Filter'))) problems.push('XMP metadata: compressed');
    const xmp = Buffer.from(metadata.getContents()).toString('utf8');
    if (!/<pdfaid:part>2<\/pdfaid:part>/.test(xmp)) problems.push('XMP: pdfaid:part is not 2');
    if (!/<pdfaid:conformance>B<\/pdfaid:conformance>/.test(xmp))
      problems.push('XMP: pdfaid:conformance is not B');
    const agree = (key: string, pattern: (value: string) => string) => {
      const value = infoText(key);
      if (value !== null && !xmp.includes(pattern(value))) problems.push(`XMP: disagrees with Info ${key}`);
    };
    agree('Title', (value) => `<rdf:li xml:lang="x-default">${value}</rdf:li>`);
    agree('Author', (value) => `<rdf:li>${value}</rdf:li>`);
    agree('Subject', (value) => `<rdf:li xml:lang="x-default">${value}</rdf:li>`);
    agree('Producer', (value) => `<pdf:Producer>${value}</pdf:Producer>`);
    const created = info?.lookup(PDFName.of('CreationDate'));
    const date =
      created instanceof PDFString
        ? /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(created.asString())
        : null;
    if (date) {
      const iso = `${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}`;
      if (!xmp.includes(`<xmp:CreateDate>${iso}`)) problems.push('XMP: CreateDate disagrees with Info');
    }
    if (info?.get(PDFName.of('ModDate')) && !xmp.includes('<xmp:ModifyDate>')) {
      problems.push('XMP: no ModifyDate for the Info ModDate');
    }
  }

  const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'));
  const intent = intents instanceof PDFArray ? intents.lookup(0) : null;
  if (!(intent instanceof PDFDict) || intent.get(PDFName.of('S'))?.toString() !== '/GTS_PDFA1') {
    problems.push('catalog: no GTS_PDFA1 output intent');
  } else {
    const profile = intent.lookup(PDFName.of('DestOutputProfile'));
    if (!(profile instanceof PDFStream)) problems.push('output intent: no ICC profile');
  }

  const markInfo = pdf.catalog.lookup(PDFName.of('MarkInfo'));
  if (!(markInfo instanceof PDFDict) || markInfo.get(PDFName.of('Marked'))?.toString() !== 'true') {
    problems.push('catalog: not marked (MarkInfo)');
  }
  if (!(pdf.catalog.lookup(PDFName.of('StructTreeRoot')) instanceof PDFDict))
    problems.push('catalog: no StructTreeRoot');
  if (!pdf.catalog.get(PDFName.of('Lang'))) problems.push('catalog: no Lang');

  const seen = new Set<string>();
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
    if (!(fonts instanceof PDFDict)) continue;
    for (const [, ref] of fonts.entries()) {
      const key = ref instanceof PDFRef ? ref.toString() : String(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      const font = context.lookup(ref, PDFDict);
      const name = font.get(PDFName.of('BaseFont'))?.toString() ?? key;
      const descendant =
        font.get(PDFName.of('Subtype'))?.toString() === '/Type0'
          ? (font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict) as PDFDict)
          : font;
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'));
      const embedded =
        descriptor instanceof PDFDict &&
        ['FontFile', 'FontFile2', 'FontFile3'].some((file) => descriptor.get(PDFName.of(file)));
      if (!embedded) problems.push(`font ${name}: not embedded`);
      if (!font.get(PDFName.of('ToUnicode'))) problems.push(`font ${name}: no ToUnicode`);
    }
  }
  if (seen.size === 0) problems.push('no font found');
  return problems;
}

/** The XMP metadata packet of a PDF, for assertions on its content. */
export async function xmpOf(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const ref = pdf.catalog.get(PDFName.of('Metadata'));
  const stream = ref ? pdf.context.lookup(ref) : null;
  if (!(stream instanceof PDFRawStream)) return '';
  const contents = Buffer.from(stream.getContents());
  return (stream.dict.get(PDFName.of('Filter')) ? inflateSync(contents) : contents).toString('utf8');
}

/** The titles of the outline (bookmarks) of a PDF, in order, with the 0-based page each opens. */
export async function outlineOf(bytes: Buffer): Promise<{ title: string; page: number }[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const outlines = pdf.catalog.lookup(PDFName.of('Outlines'));
  if (!(outlines instanceof PDFDict)) return [];
  const pageRefs = pdf.getPages().map((page) => page.ref.toString());
  const items: { title: string; page: number }[] = [];
  let ref = outlines.get(PDFName.of('First'));
  while (ref instanceof PDFRef) {
    const item = pdf.context.lookup(ref, PDFDict);
    const title = item.lookup(PDFName.of('Title'));
    const destination = item.lookup(PDFName.of('Dest'), PDFArray);
    items.push({
      title: title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : '',
      page: pageRefs.indexOf(destination.get(0).toString()),
    });
    ref = item.get(PDFName.of('Next'));
  }
  return items;
}
