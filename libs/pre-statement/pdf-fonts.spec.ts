import { PDF_FONTS, drawableText } from './pdf-fonts';

describe('drawableText', () => {
  it('keeps every letter the font draws, diacritics included', () => {
    expect(drawableText('Nguyễn Thị Lan, Łukasz Wiśniewski, Ærøskøbing, Œuvre, Ğ, Ș, Ђорђе')).toBe(
      'Nguyễn Thị Lan, Łukasz Wiśniewski, Ærøskøbing, Œuvre, Ğ, Ș, Ђорђе',
    );
  });

  it('composes decomposed accents, so they are drawn as one glyph', () => {
    expect(drawableText('Nguye\u0302\u0303n')).toBe('Nguyễn');
  });

  it('replaces what the font cannot draw by "?" and drops invisible characters', () => {
    expect(drawableText('Note 🦄 漢 😀')).toBe('Note ? ? 😀');
    expect(drawableText('a\u200bb\u0007c\r\nd\te')).toBe('abc\nd e');
  });

  it('keeps the narrow no-break space of French amounts', () => {
    expect(drawableText('1\u202f234,56\u00a0€')).toBe('1\u202f234,56\u00a0€');
  });

  it('prints printable Latin-1 and French typography unchanged, as the character pass would', () => {
    const typography = [0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x202f, 0x20ac];
    for (const codePoint of [...Array.from({ length: 0xe0 }, (_, i) => 0x20 + i), ...typography]) {
      if (codePoint > 0x7e && codePoint < 0xa0) continue;
      const character = String.fromCodePoint(codePoint);
      if (codePoint === 0xad) {
        expect(drawableText(`a${character}b`)).toBe('ab');
        continue;
      }
      expect(PDF_FONTS.regular.hasGlyphForCodePoint(codePoint)).toBe(true);
      expect(drawableText(`a${character}b`)).toBe(`a${character}b`);
    }
  });
});
