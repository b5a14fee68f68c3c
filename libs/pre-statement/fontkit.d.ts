// fontkit ships no types; the document only asks whether its font has a glyph for a character.
declare module 'fontkit' {
  interface Font {
    /** The PostScript name. */
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
