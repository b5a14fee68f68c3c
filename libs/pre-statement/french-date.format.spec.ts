import { formatFrenchDate } from './french-date.format';

describe('formatFrenchDate', () => {
  it('formats a YYYY-MM-DD day as DD/MM/YYYY', () => {
    expect(formatFrenchDate('2025-03-25')).toBe('25/03/2025');
    expect(formatFrenchDate('1968-04-02')).toBe('02/04/1968');
  });

  it('prints null, undefined and empty as "non communiqué"', () => {
    expect(formatFrenchDate(null)).toBe('non communiqué');
    expect(formatFrenchDate(undefined)).toBe('non communiqué');
    expect(formatFrenchDate('  ')).toBe('non communiqué');
  });

  it('reads an instant on the Paris calendar', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Paris.
    expect(formatFrenchDate(new Date('2024-12-31T23:30:00Z'))).toBe('01/01/2025');
    expect(formatFrenchDate(new Date('2025-03-25T17:32:39Z'))).toBe('25/03/2025');
    // Summer time: UTC+2.
    expect(formatFrenchDate(new Date('2025-06-30T22:30:00Z'))).toBe('01/07/2025');
  });

  it('keeps a value that is not a calendar day as received', () => {
    expect(formatFrenchDate('2025-02-30')).toBe('2025-02-30');
    expect(formatFrenchDate('mars 2025')).toBe('mars 2025');
  });

  it('rejects an invalid Date', () => {
    expect(() => formatFrenchDate(new Date('nope'))).toThrow(RangeError);
  });
});
