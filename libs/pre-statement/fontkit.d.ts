// fontkit ships no types; the document asks whether its font has a glyph for a character, and reaches
// the subset's class to replace its encoding (truetype-subset.encoder.ts).
declare module 'fontkit' {
  interface Font {
    /** The PostScript name. */
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    createSubset(): object;
  }
  export function create(buffer: Buffer): Font;
}
