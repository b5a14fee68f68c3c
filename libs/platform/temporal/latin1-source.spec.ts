import vm from 'node:vm';
import { escapeBeyondLatin1 } from './latin1-source';

/** What a source evaluates to, in a context of its own. */
function evaluate(source: string): unknown {
  return vm.runInNewContext(source);
}

describe('escapeBeyondLatin1', () => {
  const french = 'Déposez d’abord le relevé — puis… 😀';

  it('writes every character past Latin-1 as an escape and keeps Latin-1 as it is', () => {
    const escaped = escapeBeyondLatin1(`'${french}'`);
    expect(escaped).toBe(`'Déposez d\\u2019abord le relevé \\u2014 puis\\u2026 \\ud83d\\ude00'`);
    expect(/[\u0100-\uFFFF]/.test(escaped)).toBe(false);
  });

  it('gives the same values in strings, templates, regular expressions and after comments', () => {
    const source = [
      `const quoted = '${french}'; // ’ in a comment`,
      `/* — */ const template = \`\${1} — ${french}\`;`,
      `const pattern = /d’abord|—/u;`,
      `[quoted, template, pattern.test('d’abord')]`,
    ].join('\n');
    const escaped = escapeBeyondLatin1(source);
    expect(escaped.split('\n')).toHaveLength(source.split('\n').length);
    const [quoted, template, matches] = evaluate(escaped) as [string, string, boolean];
    expect(quoted).toBe(french);
    expect(template).toBe(`1 — ${french}`);
    expect(matches).toBe(true);
  });

  it('replaces a backslash escaping the character, and keeps an escaped backslash before it', () => {
    expect(evaluate(escapeBeyondLatin1(`'d\\’abord'`))).toBe('d’abord');
    expect(evaluate(escapeBeyondLatin1(`'d\\\\’abord'`))).toBe('d\\’abord');
  });

  it('leaves the line separators, which end a line comment', () => {
    const source = `let x = 1; // comment\u2028x = 2; x`;
    expect(escapeBeyondLatin1(source)).toBe(source);
    expect(evaluate(escapeBeyondLatin1(source))).toBe(2);
  });
});
