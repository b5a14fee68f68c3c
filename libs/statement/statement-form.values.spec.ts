import { formatMoney, parseFormDate, parseLeaf, parseMoney } from './statement-form.values';

describe('money input', () => {
  it.each([
    ['1 234,56', 123456],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1 234 €', 123400],
    ['1 234,5€', 123450],
    ['1\u00a0234,56\u00a0€', 123456],
    ['1\u202f234\u202f567,89', 123456789],
    ['0', 0],
    ['0,07', 7],
    ['-12,50', -1250],
    ['−12,50', -1250],
    ['-0,00', 0],
    ['90 071 992 547 409,91', 9007199254740991],
    // 0.1 + 0.2 in floating point is not 0.3: the digits are read as digits.
    ['0,30', 30],
    ['1 000 000,29', 100000029],
  ])('reads %j as %d cents', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each([
    '12,345,6',
    '1.234,56',
    '12 34',
    '1,234',
    '12,',
    'abc',
    '€ 12',
    '--1',
    '90 071 992 547 409,92',
    '',
  ])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('shows cents the French way, read back to the same cents', () => {
    expect(formatMoney(123456)).toBe('1 234,56');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(-1250)).toBe('-12,50');
    expect(formatMoney(100000007)).toBe('1 000 000,07');
    for (const cents of [0, 1, 99, 100, 123456, -987654321, 9007199254740991]) {
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    }
  });

  it('refuses a negative amount where the field is not signed', () => {
    expect(parseLeaf({ kind: 'cents', signed: false }, '-12,50')).toEqual({ problem: 'negative' });
    expect(parseLeaf({ kind: 'cents', signed: true }, '-12,50')).toEqual({ value: -1250 });
    expect(parseLeaf({ kind: 'cents', signed: true }, '12,345,6')).toEqual({ problem: 'money' });
  });
});

describe('date input', () => {
  it('accepts JJ/MM/AAAA and AAAA-MM-JJ, giving AAAA-MM-JJ', () => {
    expect(parseFormDate('20/03/2025')).toBe('2025-03-20');
    expect(parseFormDate('5/3/2025')).toBe('2025-03-05');
    expect(parseFormDate('2025-03-20')).toBe('2025-03-20');
  });

  it.each(['31/02/2025', '2025-02-30', '03/20/2025', '20-03-2025', '2025/03/20', '20/03/25'])(
    'refuses %j',
    (text) => {
      expect(parseFormDate(text)).toBeNull();
    },
  );
});

describe('integer input', () => {
  it('reads digits, grouped or not', () => {
    expect(parseLeaf({ kind: 'integer', min: 0, max: 10 }, '10 000')).toEqual({ value: 10000 });
    expect(parseLeaf({ kind: 'year', min: 1000, max: 2999 }, '1962')).toEqual({ value: 1962 });
    expect(parseLeaf({ kind: 'integer', min: 0, max: 10 }, '12,5')).toEqual({ problem: 'integer' });
  });
});
