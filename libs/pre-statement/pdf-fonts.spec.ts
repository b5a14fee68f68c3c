import { drawableText } from './pdf-fonts';

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
});
