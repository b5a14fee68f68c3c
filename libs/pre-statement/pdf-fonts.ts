import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { WordLayoutCache } from './word-layout.cache';

/**
 * The fonts embedded in every pre-statement: DejaVu Sans Condensed (dejavu-fonts-ttf), which covers the
 * Latin, Greek and Cyrillic alphabets with their diacritics, so that "Nguyễn" or "Łukasz" print as
 * given. pdfkit embeds only the glyphs a document uses (subsetting), as PDF/A requires every font to be
 * embedded. The files are read once per process.
 */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function load(file: string): fontkit.Font {
  return fontkit.create(readFileSync(join(FONT_DIR, file)));
}

/**
 * Parsed once and shared by every document, which each make their own subset of the glyphs they use:
 * parsing the files for each document cost most of its rendering time.
 */
export const PDF_FONTS = {
  regular: load('DejaVuSansCondensed.ttf'),
  bold: load('DejaVuSansCondensed-Bold.ttf'),
  italic: load('DejaVuSansCondensed-Oblique.ttf'),
} as const;

export type PdfFontStyle = keyof typeof PDF_FONTS;

// The three styles cover the same characters: the regular one answers for all.
const coverage = PDF_FONTS.regular;

/**
 * Printable ASCII and Latin-1 (line feeds included; the soft hyphen, a format character, excluded), and
 * the typography of French texts: dashes, quotes, bullet, ellipsis, narrow no-break space, euro sign.
 */
const FRENCH_PRINTABLE =
  /^[\n\x20-\x7E\u00A0-\u00AC\u00AE-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u202F\u20AC]*$/;

/** Shown for a character the font cannot draw: PDF/A forbids drawing the font's empty ".notdef" glyph. */
const REPLACEMENT = '?';

/**
 * Text as the document draws it: composed (NFC), line breaks normalised, invisible control and format
 * characters dropped, and any character without a glyph in the font replaced by "?".
 */
export function drawableText(text: string): string {
  // Most texts are printable Latin-1, composed and covered by the font: they print as they are. The
  // character-by-character pass below was an eighth of a document's rendering time.
  if (FRENCH_PRINTABLE.test(text)) return text;
  let result = '';
  for (const character of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === '\n') result += character;
    else if (/\p{Cc}|\p{Cf}/u.test(character)) continue;
    else if (/\s/u.test(character) && !coverage.hasGlyphForCodePoint(codePoint)) result += ' ';
    else result += coverage.hasGlyphForCodePoint(codePoint) ? character : REPLACEMENT;
  }
  return result;
}

/** Shaped words kept across documents per style: about 20 MB each at most (200 bytes a glyph). */
export const MAX_SHARED_WORD_CHARACTERS = 100_000;
const sharedLayouts = new Map<PdfFontStyle, WordLayoutCache<unknown>>();

interface EmbeddedFontLayouts {
  layoutCache?: Record<string, unknown>;
  layoutCached(word: string): unknown;
  layoutRun(word: string): unknown;
}

/**
 * Shaping a word with the font's OpenType tables is most of a document's rendering time, and pdfkit
 * caches it only within one document. Every pre-statement uses mostly the same words (the notice's
 * lines among them, whole), so each style's words are shared by all documents: the document's fonts
 * look them up in the style's `WordLayoutCache` (its glyph runs are only read).
 */
export function shareWordLayouts(doc: PDFKit.PDFDocument): void {
  for (const style of Object.keys(PDF_FONTS) as PdfFontStyle[]) {
    doc.font(PDF_FONTS[style].postscriptName);
    const font = (doc as unknown as { _font: EmbeddedFontLayouts })._font;
    // A document made without pdfkit's cache (`fontLayoutCache: false`) keeps without.
    if (!font.layoutCache) continue;
    const cache = sharedLayouts.get(style) ?? new WordLayoutCache(MAX_SHARED_WORD_CHARACTERS);
    sharedLayouts.set(style, cache);
    const layout = (word: string) => font.layoutRun(word);
    font.layoutCached = (word) => cache.lookup(word, layout);
  }
}

/** Characters of the words the documents share, per style. */
export function sharedWordLayoutSizes(): Partial<Record<PdfFontStyle, number>> {
  return Object.fromEntries([...sharedLayouts].map(([style, cache]) => [style, cache.size]));
}
