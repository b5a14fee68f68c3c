import { formatHttpDate, isHttpDate } from './http-date';

describe('HTTP dates', () => {
  it.each([
    [Date.UTC(2025, 2, 25, 17, 32, 39), 'Tue, 25 Mar 2025 17:32:39 GMT'],
    [Date.UTC(2024, 1, 29, 0, 0, 0), 'Thu, 29 Feb 2024 00:00:00 GMT'],
    [Date.UTC(2026, 0, 4, 9, 5, 7, 999), 'Sun, 04 Jan 2026 09:05:07 GMT'],
    [Date.UTC(1999, 11, 31, 23, 59, 59), 'Fri, 31 Dec 1999 23:59:59 GMT'],
  ])('formats %d as the IMF-fixdate %s', (millis, expected) => {
    const formatted = formatHttpDate(new Date(millis));
    expect(formatted).toBe(expected);
    expect(isHttpDate(formatted)).toBe(true);
  });

  it('formats in GMT whatever the local offset of the instant given', () => {
    expect(formatHttpDate(new Date('2025-03-25T19:32:39+02:00'))).toBe('Tue, 25 Mar 2025 17:32:39 GMT');
  });

  it.each([
    'Tuesday, 25-Mar-25 17:32:39 GMT',
    'Tue Mar 25 17:32:39 2025',
    '2025-03-25T17:32:39.000Z',
    'Tue, 25 Mar 2025 17:32:39 UTC',
    'Tue, 25 Mar 2025 17:32:39 gmt',
    'Tue, 5 Mar 2025 17:32:39 GMT',
    'tue, 25 Mar 2025 17:32:39 GMT',
    'Tue, 25 MAR 2025 17:32:39 GMT',
    'Tue, 25 Mar 2025 17:32 GMT',
    ' Tue, 25 Mar 2025 17:32:39 GMT',
    '',
  ])('does not take %j for an IMF-fixdate', (value) => {
    expect(isHttpDate(value)).toBe(false);
  });
});
