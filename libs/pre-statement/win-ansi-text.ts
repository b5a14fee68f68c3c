/**
 * The PDF keeps the 14 standard fonts (no font file to ship), which only know the WinAnsi character
 * set. pdfkit writes any other character as garbage, so every string drawn goes through here first:
 * typographic variants become their WinAnsi look-alikes, accented letters outside the set lose their
 * accent (Nguyễn → Nguyen), and what is left unknown becomes "?".
 */

/** The code points of WinAnsi (Windows-1252) above Latin-1's 0x80–0x9F hole. */
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e,
  0x0178,
]);

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u202f': '\u00a0', // narrow no-break space, as produced by Intl for French numbers
  '\u2007': '\u00a0', // figure space
  '\u2060': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-', // minus sign
  '\u2015': '\u2014',
  '\u201b': "'",
  '\u2032': "'",
  '\u201f': '"',
  '\u2033': '"',
  '\u2024': '.',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u0127': 'h',
  '\u0126': 'H',
  '\u0167': 't',
  '\u0166': 'T',
  '\u0218': 'S',
  '\u0219': 's',
  '\u021a': 'T',
  '\u021b': 't',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

function isWinAnsi(codePoint: number): boolean {
  return (
    codePoint === 0x0a ||
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

function toWinAnsiCharacter(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  if (isWinAnsi(codePoint)) return character;
  const lookAlike = LOOK_ALIKES[character];
  if (lookAlike !== undefined) return lookAlike;
  if (/\s/u.test(character)) return ' ';
  if (/\p{Cc}|\p{Cf}/u.test(character)) return '';
  const withoutAccents = character.normalize('NFD').replace(COMBINING_MARKS, '');
  if (withoutAccents !== '' && [...withoutAccents].every((c) => isWinAnsi(c.codePointAt(0) ?? 0))) {
    return withoutAccents;
  }
  return '?';
}

export function toWinAnsi(text: string): string {
  // The soft hyphen is WinAnsi, but pdfkit would draw it as a visible hyphen in the middle of a line.
  const normalised = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/\u00ad/g, '');
  let result = '';
  for (const character of normalised) result += toWinAnsiCharacter(character);
  return result;
}
