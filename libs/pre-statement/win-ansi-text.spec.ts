import { toWinAnsi } from './win-ansi-text';

describe('toWinAnsi', () => {
  it('keeps French text, the euro sign and French punctuation unchanged', () => {
    const text = 'Pré-état daté : œuvre « à jour » – l’acquéreur, 1\u00a0234,56\u00a0€ … Ÿ ç ô è';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('replaces typographic characters the standard fonts lack with look-alikes', () => {
    expect(toWinAnsi('1\u202f234,56\u00a0€')).toBe('1\u00a0234,56\u00a0€');
    expect(toWinAnsi('\u2212 12')).toBe('- 12');
    expect(toWinAnsi('Jean\u2011Pierre')).toBe('Jean-Pierre');
  });

  it('drops accents that WinAnsi cannot show and keeps the letter', () => {
    // ó is WinAnsi and stays; ễ, Ł, ź and Ș are not.
    expect(toWinAnsi('Nguyễn Łódź Ștefan')).toBe('Nguyen Lódz Stefan');
  });

  it('composes decomposed accents instead of losing them', () => {
    expect(toWinAnsi('Pre\u0301-e\u0301tat')).toBe('Pré-état');
  });

  it('removes control and invisible characters, keeps line breaks', () => {
    expect(toWinAnsi('a\u0007b\u200bc\u00add\r\ne\tf')).toBe('abcd\ne f');
  });

  it('shows what cannot be transliterated as a question mark', () => {
    expect(toWinAnsi('漢😀')).toBe('??');
  });
});
