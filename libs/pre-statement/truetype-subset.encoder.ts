/*
 * fontkit 2's `TTFSubset.encode`, the font file embedded for each of a document's three fonts, without
 * its two costs: it decoded every glyph's outline (points, flags, coordinates) only to learn whether
 * the glyph is a composite, and it encoded every table field by field through restructure, the
 * unchanged `cvt `, `prep` and `fpgm` tables byte by byte, on every document. Together about an
 * eighth of a pre-statement's rendering.
 *
 * The file is the same, byte for byte: a directory, then each table in fontkit's order, without
 * padding or checksums (fontkit writes zeros). The tables that do not depend on the glyphs are cut
 * once per font from fontkit's own encoding of a subset of the `.notdef` glyph alone; of them, `hhea`
 * and `maxp` carry the glyph count, patched in place. `glyf`, `loca` and `hmtx` are built from the
 * font's bytes, as fontkit builds them.
 */

/** The parts of fontkit's subset and font this reads (fontkit ships no types). */
export interface TrueTypeSubset {
  font: TrueTypeFont;
  glyphs: number[];
  includeGlyph(glyph: number): number;
}

interface TrueTypeFont {
  stream: { buffer: Uint8Array };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  loca: { version: number; offsets: number[] };
  _variationProcessor?: unknown;
  getGlyph(gid: number): { advanceWidth: number; _getMetrics(): { leftBearing: number } };
  createSubset(): TrueTypeSubset;
}

type Encode = (this: TrueTypeSubset) => Uint8Array;

interface Template {
  /** The directory's first 12 bytes: its tag and the search fields, which depend on the table count. */
  header: Uint8Array;
  /** Each table in fontkit's order; `bytes` for those that do not depend on the glyphs. */
  tables: { tag: string; bytes?: Uint8Array }[];
}

const DIRECTORY_HEADER = 12;
const TABLE_ENTRY = 16;
const HHEA_NUMBER_OF_METRICS = 34;
const MAXP_NUM_GLYPHS = 4;
const GLYPH_DEPENDENT = new Set(['glyf', 'loca', 'hmtx']);

// Composite glyph flags (OpenType `glyf` table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const GLYPH_HEADER = 10;

/** A copy with a buffer of its own (a Node Buffer's `slice` would share the font file's). */
function copy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

const templates = new WeakMap<TrueTypeFont, Template | null>();

/** fontkit's encoding of the subset of glyph 0 alone, cut into its tables; null if not as expected. */
function templateOf(font: TrueTypeFont, original: Encode): Template | null {
  if (templates.has(font)) return templates.get(font)!;
  const bytes = original.call(font.createSubset());
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4);
  const tables: Template['tables'] = [];
  for (let i = 0; i < count; i++) {
    const entry = DIRECTORY_HEADER + i * TABLE_ENTRY;
    const tag = String.fromCharCode(...bytes.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    tables.push({
      tag,
      bytes: GLYPH_DEPENDENT.has(tag) ? undefined : copy(bytes.subarray(offset, offset + length)),
    });
  }
  const byTag = new Map(tables.map((table) => [table.tag, table.bytes]));
  const hhea = byTag.get('hhea');
  const maxp = byTag.get('maxp');
  const expected =
    [...GLYPH_DEPENDENT].every((tag) => byTag.has(tag)) &&
    hhea !== undefined &&
    maxp !== undefined &&
    new DataView(hhea.buffer).getUint16(HHEA_NUMBER_OF_METRICS) === 1 &&
    new DataView(maxp.buffer).getUint16(MAXP_NUM_GLYPHS) === 1;
  const template = expected ? { header: copy(bytes.subarray(0, DIRECTORY_HEADER)), tables } : null;
  templates.set(font, template);
  return template;
}

/** Where a composite glyph names its components: the offset of each one's glyph id. */
function componentIdOffsets(glyph: Uint8Array): number[] {
  const view = new DataView(glyph.buffer, glyph.byteOffset, glyph.byteLength);
  const offsets: number[] = [];
  let position = GLYPH_HEADER;
  let flags = MORE_COMPONENTS;
  while (flags & MORE_COMPONENTS) {
    flags = view.getUint16(position);
    offsets.push(position + 2);
    position += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) position += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) position += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) position += 8;
  }
  return offsets;
}

/** The subset's glyphs (components included as they are met) and their metrics, as fontkit adds them. */
function collectGlyphs(subset: TrueTypeSubset): { glyf: Uint8Array[]; loca: number[]; hmtx: number[] } {
  const { font } = subset;
  const file = font.stream.buffer;
  const glyfStart = font.directory.tables.glyf!.offset;
  const offsets = font.loca.offsets;
  const glyf: Uint8Array[] = [];
  const loca: number[] = [];
  const hmtx: number[] = [];
  let offset = 0;
  for (let i = 0; i < subset.glyphs.length; i++) {
    const gid = subset.glyphs[i]!;
    const start = offsets[gid]!;
    const end = offsets[gid + 1]!;
    let glyph = file.subarray(glyfStart + start, glyfStart + end);
    if (end > start && new DataView(glyph.buffer, glyph.byteOffset).getInt16(0) < 0) {
      glyph = copy(glyph);
      const view = new DataView(glyph.buffer);
      for (const at of componentIdOffsets(glyph)) view.setUint16(at, subset.includeGlyph(view.getUint16(at)));
    }
    const metrics = font.getGlyph(gid);
    glyf.push(glyph);
    loca.push(offset);
    hmtx.push(metrics.advanceWidth, metrics._getMetrics().leftBearing);
    offset += glyph.length;
  }
  loca.push(offset);
  return { glyf, loca, hmtx };
}

function encodeSubset(subset: TrueTypeSubset, template: Template): Uint8Array {
  const { glyf, loca, hmtx } = collectGlyphs(subset);
  const count = glyf.length;
  const tables = template.tables.map(({ tag, bytes }) => {
    if (tag === 'glyf') return glyf;
    if (tag === 'loca') {
      const table = new DataView(new ArrayBuffer(loca.length * 4));
      loca.forEach((at, i) => table.setUint32(i * 4, at));
      return [new Uint8Array(table.buffer)];
    }
    if (tag === 'hmtx') {
      const table = new DataView(new ArrayBuffer(count * 4));
      for (let i = 0; i < count; i++) {
        table.setUint16(i * 4, hmtx[i * 2]!);
        table.setInt16(i * 4 + 2, hmtx[i * 2 + 1]!);
      }
      return [new Uint8Array(table.buffer)];
    }
    if (tag === 'hhea' || tag === 'maxp') {
      const table = copy(bytes!);
      new DataView(table.buffer).setUint16(tag === 'hhea' ? HHEA_NUMBER_OF_METRICS : MAXP_NUM_GLYPHS, count);
      return [table];
    }
    return [bytes!];
  });
  const lengths = tables.map((parts) => parts.reduce((sum, part) => sum + part.length, 0));
  const directoryLength = DIRECTORY_HEADER + tables.length * TABLE_ENTRY;
  const file = Buffer.allocUnsafe(directoryLength + lengths.reduce((sum, length) => sum + length, 0));
  file.set(template.header, 0);
  let offset = directoryLength;
  template.tables.forEach(({ tag }, i) => {
    const entry = DIRECTORY_HEADER + i * TABLE_ENTRY;
    file.write(tag, entry, 'latin1');
    file.writeUInt32BE(0, entry + 4);
    file.writeUInt32BE(offset, entry + 8);
    file.writeUInt32BE(lengths[i]!, entry + 12);
    for (const part of tables[i]!) {
      file.set(part, offset);
      offset += part.length;
    }
  });
  return file;
}

/**
 * fontkit's `TTFSubset.encode` replaced; fontkit's own for a font this does not expect: a variable font
 * (fontkit re-encodes its outlines), one with short `loca` offsets (the document's fonts have long
 * ones, so that case would go untested), or one whose tables are not where fontkit 2.0.4 put them.
 */
export function fastTrueTypeSubsetEncode(original: Encode): Encode {
  return function encode(this: TrueTypeSubset): Uint8Array {
    if (this.font._variationProcessor || this.font.loca.version === 0) return original.call(this);
    const template = templateOf(this.font, original);
    return template ? encodeSubset(this, template) : original.call(this);
  };
}
