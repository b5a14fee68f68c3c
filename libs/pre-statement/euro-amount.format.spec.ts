import { formatEuros } from './euro-amount.format';

// The PDF font has no U+202F, so the formatter must use U+00A0 where Intl uses the narrow space.
const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const asPrinted = (text: string) => text.replace(/\u202f/g, '\u00a0');

describe('formatEuros', () => {
  it.each([
    [123456, '1\u00a0234,56\u00a0€'],
    [0, '0,00\u00a0€'],
    [5, '0,05\u00a0€'],
    [100, '1,00\u00a0€'],
    [99999, '999,99\u00a0€'],
    [100000, '1\u00a0000,00\u00a0€'],
    [123456789012, '1\u00a0234\u00a0567\u00a0890,12\u00a0€'],
    [-123456, '-1\u00a0234,56\u00a0€'],
    [-5, '-0,05\u00a0€'],
  ])('formats %d cents as %j', (cents, expected) => {
    expect(formatEuros(cents)).toBe(expected);
  });

  it('prints a missing amount as "non communiqué", never as 0', () => {
    expect(formatEuros(null)).toBe('non communiqué');
  });

  it('agrees with Intl fr-FR apart from the thousands space', () => {
    for (const cents of [0, 7, 1999, 123456, 98765432, -250075]) {
      expect(formatEuros(cents)).toBe(asPrinted(intl.format(cents / 100)));
    }
  });

  it('only uses characters of the WinAnsi encoding of the standard PDF fonts', () => {
    expect(formatEuros(-123456789)).not.toMatch(/[\u202f\u2212]/);
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'rejects %p, which is not integer cents',
    (value) => {
      expect(() => formatEuros(value)).toThrow(RangeError);
    },
  );
});
