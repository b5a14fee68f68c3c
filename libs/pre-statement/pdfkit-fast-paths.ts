import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { PDF_FONTS } from './pdf-fonts';
import { fastTrueTypeSubsetEncode } from './truetype-subset.encoder';

/*
 * pdfkit 0.20 and fontkit 2 spend about a third of a pre-statement's rendering, and a sixth of its
 * garbage, in five methods that this module replaces with equivalents writing the same bytes (the spec
 * renders documents both ways and compares them):
 *
 * - `PDFReference.write` turned every content-stream operator (one per call: a colour, a move, a run of
 *   glyphs) into a Uint8Array of its own with a loop over its characters, hundreds of thousands of
 *   small ArrayBuffers per process and minute. The text is kept as strings and converted once per
 *   stream, when the stream is finalised (compressed and written).
 * - `PDFDocument._write` did the same for every line of the file's objects; Node converts natively.
 * - `EmbeddedFont.layout`, which measures and shapes text word by word from the cache of shaped
 *   words, concatenated the glyph arrays once per word (quadratic in a line's words) and summed every
 *   cached word's advances again on each use.
 * - `EmbeddedFont.encode`, which turns the glyphs into the subset's ids, made two strings per glyph
 *   for its four hex digits and looked each glyph up through fontkit's `includeGlyph`.
 * - fontkit's `TTFSubset.encode`, the font file embedded for each font, decoded every glyph's outline
 *   and encoded every table field by field (`truetype-subset.encoder.ts`).
 *
 * The conversion both ways keeps each UTF-16 unit's low byte: `charCodeAt(i) & 0xff` in pdfkit, the
 * `latin1` encoding in Node.
 *
 * Each method is replaced only if pdfkit's (fontkit's) own is the one this was checked against (a
 * digest of its source): another release keeps all of its own methods, and the spec fails until this
 * is checked again.
 */

type Chunk = Uint8Array | string;

interface PdfReference {
  buffer: Chunk[];
  data: { Length?: number; Filter?: string };
  compress: boolean;
  uncompressedLength: number;
}

interface PdfDocumentOutput {
  _offset: number;
  _write(data: Chunk): void;
  push(chunk: Uint8Array): boolean;
}

/** Each cached word's width, summed once (fontkit's `GlyphRun.advanceWidth` sums on every read). */
const WIDTH = Symbol('width');

interface GlyphRun {
  glyphs: unknown[];
  positions: unknown[];
  advanceWidth: number;
  [WIDTH]?: number;
}

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface EmbeddedFont {
  layoutCached(text: string): GlyphRun;
  layoutRun(text: string, features: unknown): GlyphRun;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  subset: { mapping: Record<number, number | undefined>; includeGlyph(glyph: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
}

function writeToStream(this: PdfReference, chunk: Chunk): void {
  const part = chunk instanceof Uint8Array ? chunk : `${chunk}\n`;
  this.uncompressedLength += part.length;
  this.data.Length = (this.data.Length ?? 0) + part.length;
  this.buffer.push(part);
  if (this.compress) this.data.Filter = 'FlateDecode';
}

function finalizeStream(original: (this: PdfReference) => void) {
  return function finalize(this: PdfReference): void {
    if (this.buffer.some((part) => typeof part === 'string')) {
      const bytes: Uint8Array[] = [];
      let text = '';
      for (const part of this.buffer) {
        if (typeof part === 'string') {
          text += part;
          continue;
        }
        if (text) bytes.push(Buffer.from(text, 'latin1'));
        text = '';
        bytes.push(part);
      }
      if (text) bytes.push(Buffer.from(text, 'latin1'));
      this.buffer = bytes;
    }
    original.call(this);
  };
}

function writeToDocument(this: PdfDocumentOutput, data: Chunk): void {
  const bytes = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
  this.push(bytes);
  this._offset += bytes.length;
}

/** pdfkit's own cut: a word ends after a space or a tab; each is laid out from the font's cache. */
function layoutWords(this: EmbeddedFont, text: string, features?: unknown, onlyWidth?: boolean) {
  if (features) return this.layoutRun(text, features);
  const glyphs: unknown[] | null = onlyWidth ? null : [];
  const positions: unknown[] | null = onlyWidth ? null : [];
  let advanceWidth = 0;
  let space = text.indexOf(' ');
  let tab = text.indexOf('\t');
  for (let start = 0; start < text.length;) {
    if (space !== -1 && space < start) space = text.indexOf(' ', start);
    if (tab !== -1 && tab < start) tab = text.indexOf('\t', start);
    const cut = space === -1 ? tab : tab === -1 ? space : Math.min(space, tab);
    const end = cut === -1 ? text.length : cut + 1;
    const run = this.layoutCached(text.slice(start, end));
    if (glyphs && positions) {
      for (const glyph of run.glyphs) glyphs.push(glyph);
      for (const position of run.positions) positions.push(position);
    }
    advanceWidth += run[WIDTH] ??= run.advanceWidth;
    start = end;
  }
  return { glyphs, positions, advanceWidth };
}

/** Each subset glyph id's four hex digits, as pdfkit writes them: made once per process, not per glyph. */
const HEX_IDS: string[] = [];

/** pdfkit's: each glyph's id in the document's subset (added on first use), with its width and text. */
function encodeGlyphs(this: EmbeddedFont, text: string, features?: unknown): [string[], unknown[]] {
  const { glyphs, positions } = this.layout(text, features);
  const { subset, widths, unicode } = this;
  const encoded: string[] = [];
  for (const glyph of glyphs) {
    const gid = subset.mapping[glyph.id] ?? subset.includeGlyph(glyph.id);
    encoded.push((HEX_IDS[gid] ??= `0000${gid.toString(16)}`.slice(-4)));
    if (widths[gid] == null) widths[gid] = glyph.advanceWidth * this.scale;
    if (unicode[gid] == null) unicode[gid] = glyph.codePoints;
  }
  return [encoded, positions];
}

type Method = (...args: never[]) => unknown;

interface Replacement {
  owner: Record<string, Method>;
  name: string;
  /** SHA-256 of pdfkit 0.20.2's (fontkit 2.0.4's) source of the method, first 16 hex digits. */
  checked: string;
  faster: (original: Method) => Method;
}

function replacements(): Replacement[] {
  // A document never ended, only to reach pdfkit's classes: it writes nothing.
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.font(PDF_FONTS.regular as unknown as string);
  const internals = probe as unknown as { _root: object; _font: object };
  const reference = Object.getPrototypeOf(internals._root) as Record<string, Method>;
  const font = Object.getPrototypeOf(internals._font) as Record<string, Method>;
  const document = PDFDocument.prototype as unknown as Record<string, Method>;
  const subset = Object.getPrototypeOf(PDF_FONTS.regular.createSubset()) as Record<string, Method>;
  return [
    { owner: reference, name: 'write', checked: 'd1f6b34f81ec4b0d', faster: () => writeToStream as Method },
    {
      owner: reference,
      name: 'finalize',
      checked: '0b450aae31df155b',
      faster: (original) => finalizeStream(original as (this: PdfReference) => void) as Method,
    },
    { owner: document, name: '_write', checked: '153111aba901401f', faster: () => writeToDocument as Method },
    { owner: font, name: 'layout', checked: '1bf021e3cd3ce4ae', faster: () => layoutWords as Method },
    { owner: font, name: 'encode', checked: '8829b1a80749bb7b', faster: () => encodeGlyphs as Method },
    {
      owner: subset,
      name: 'encode',
      checked: '7e64d77ad1ba59de',
      faster: (original) => fastTrueTypeSubsetEncode(original as never) as Method,
    },
  ];
}

let installed: { owner: Record<string, Method>; name: string; original: Method }[] | null = null;

function digest(method: Method): string {
  return createHash('sha256').update(method.toString()).digest('hex').slice(0, 16);
}

/**
 * Switches the replacements on or off (the spec compares both); on at the renderer's load. Returns
 * whether they are on: false when pdfkit's methods are not those they were checked against.
 */
export function usePdfkitFastPaths(enabled: boolean): boolean {
  if (!enabled) {
    for (const { owner, name, original } of installed ?? []) owner[name] = original;
    installed = null;
    return false;
  }
  if (installed) return true;
  const planned = replacements();
  if (planned.some(({ owner, name, checked }) => digest(owner[name]!) !== checked)) return false;
  installed = planned.map(({ owner, name, faster }) => {
    const original = owner[name]!;
    owner[name] = faster(original);
    return { owner, name, original };
  });
  return true;
}
