import { PDF_FONTS, type PdfFontStyle } from './pdf-fonts';
import { usePdfkitFastPaths } from './pdfkit-fast-paths';
import { type TrueTypeSubset } from './truetype-subset.encoder';

/** A subset of `glyphs` encoded by fontkit's own method, then by the replacement. */
function bothWays(style: PdfFontStyle, glyphs: number[]): { own: Buffer; fast: Buffer } {
  const encode = () => {
    const subset = PDF_FONTS[style].createSubset() as TrueTypeSubset & { encode(): Uint8Array };
    for (const glyph of glyphs) subset.includeGlyph(glyph);
    return Buffer.from(subset.encode());
  };
  usePdfkitFastPaths(false);
  try {
    const own = encode();
    expect(usePdfkitFastPaths(true)).toBe(true);
    return { own, fast: encode() };
  } finally {
    usePdfkitFastPaths(true);
  }
}

function glyphsOf(style: PdfFontStyle, text: string): number[] {
  const font = PDF_FONTS[style] as unknown as { glyphForCodePoint(code: number): { id: number } };
  return [...text].map((character) => font.glyphForCodePoint(character.codePointAt(0)!).id);
}

describe('TrueType subset encoder', () => {
  const styles: PdfFontStyle[] = ['regular', 'bold', 'italic'];

  it.each(styles)(
    'writes the font file fontkit writes, composites and empty glyphs included (%s)',
    (style) => {
      // é and й are composites in DejaVu: their components join the subset while it is encoded.
      const glyphs = glyphsOf(style, 'Pré-état daté : Łukasz Żółć, Ελένη Дмитрий, 1 234,56 €  …');
      const { own, fast } = bothWays(style, glyphs);
      expect(fast.length).toBeGreaterThan(1_000);
      expect(fast.equals(own)).toBe(true);
    },
  );

  it('writes every glyph of the font, in an order of its own, as fontkit does', () => {
    const count = (PDF_FONTS.regular as unknown as { numGlyphs: number }).numGlyphs;
    const glyphs = Array.from({ length: count }, (_, i) => (i * 7919) % count);
    const { own, fast } = bothWays('regular', glyphs);
    expect(fast.length).toBeGreaterThan(500_000);
    expect(fast.equals(own)).toBe(true);
  });

  it('leaves the font file it reads unchanged', () => {
    const font = PDF_FONTS.regular as unknown as { stream: { buffer: Uint8Array } };
    const before = Buffer.from(font.stream.buffer);
    bothWays('regular', glyphsOf('regular', 'éèàйễ'));
    expect(Buffer.from(font.stream.buffer).equals(before)).toBe(true);
  });
});
