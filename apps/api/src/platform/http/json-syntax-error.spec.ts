import { scanJson } from './json-scanner';
import { describeJsonSyntaxError } from './json-syntax-error';

/** The description of the first error in `text`, which JSON.parse must refuse too. */
function describe_(text: string): string {
  expect(() => JSON.parse(text)).toThrow(SyntaxError);
  const scan = scanJson(text);
  if (scan.kind !== 'syntax_error') throw new Error(`${JSON.stringify(text)} scanned as ${scan.kind}`);
  return describeJsonSyntaxError(scan, text);
}

describe('describeJsonSyntaxError', () => {
  it.each([
    // [input, expected description]
    ['{"address" "x"}', 'deux-points attendus (ligne 1, colonne 12, position 11)'],
    ['{"a" 1}', 'deux-points attendus (ligne 1, colonne 6, position 5)'],
    ['{"a":1 "b":2}', 'virgule attendue (ligne 1, colonne 8, position 7)'],
    ['[1 2]', 'virgule attendue (ligne 1, colonne 4, position 3)'],
    ['[1}', 'virgule attendue (ligne 1, colonne 3, position 2)'],
    ['{"a":1,}', 'nom de propriété entre guillemets attendu (ligne 1, colonne 8, position 7)'],
    ['{a:1}', 'nom de propriété entre guillemets attendu (ligne 1, colonne 2, position 1)'],
    ['{"a":', 'fin de données inattendue (ligne 1, colonne 6, position 5)'],
    ['{"a": ', 'fin de données inattendue (ligne 1, colonne 7, position 6)'],
    ['tru', 'fin de données inattendue (ligne 1, colonne 4, position 3)'],
    ['{"a":"x', 'chaîne de caractères invalide (ligne 1, colonne 8, position 7)'],
    ['{"a":"\\q"}', 'chaîne de caractères invalide (ligne 1, colonne 8, position 7)'],
    ['"a\tb"', 'chaîne de caractères invalide (ligne 1, colonne 3, position 2)'],
    ['["\\u12"]', 'chaîne de caractères invalide (ligne 1, colonne 7, position 6)'],
    ['[-]', 'nombre invalide (ligne 1, colonne 3, position 2)'],
    ['[1.]', 'nombre invalide (ligne 1, colonne 4, position 3)'],
    ['{} x', 'données supplémentaires après la fin du JSON (ligne 1, colonne 4, position 3)'],
    ['{"a":1}}', 'données supplémentaires après la fin du JSON (ligne 1, colonne 8, position 7)'],
  ])('describes %j as %j', (text, expected) => {
    expect(describe_(text)).toBe(expected);
  });

  it('counts lines and columns from 1 and positions from 0 across lines', () => {
    const text = '{\n  "a": 1\n  "b": 2\n}';
    // Line 3 starts at offset 11; the unexpected `"b"` is its third character.
    expect(text.indexOf('"b"')).toBe(13);
    expect(describe_(text)).toBe('virgule attendue (ligne 3, colonne 3, position 13)');
    expect(describe_('{"a": 1\n "b": 2}')).toBe('virgule attendue (ligne 2, colonne 2, position 9)');
    expect(describe_('[\n1,\n2,\n]')).toBe('caractère inattendu (ligne 4, colonne 1, position 8)');
    expect(describe_('{\r\n"a":\r\n}')).toBe('caractère inattendu (ligne 3, colonne 1, position 9)');
  });

  it('puts an unexpected end at the end of a multi-line input', () => {
    expect(describe_('{\n  "a": [1,\n')).toBe('fin de données inattendue (ligne 3, colonne 1, position 13)');
  });

  // V8 gives no position for "Unexpected token" errors: the description must still point at the token.
  it.each([
    ['[1,]', 'caractère inattendu (ligne 1, colonne 4, position 3)'],
    ['{"a":[1,]}', 'caractère inattendu (ligne 1, colonne 9, position 8)'],
    ['[1,,2]', 'caractère inattendu (ligne 1, colonne 4, position 3)'],
    ['{"a": x}', 'caractère inattendu (ligne 1, colonne 7, position 6)'],
    ['{"a":"}", "b": tru}', 'caractère inattendu (ligne 1, colonne 19, position 18)'],
    ['x', 'caractère inattendu (ligne 1, colonne 1, position 0)'],
  ])('locates the unexpected token in %j', (text, expected) => {
    expect(describe_(text)).toBe(expected);
  });

  it('locates an unexpected token deep in a large body', () => {
    const text = `{"items": [${'"abcdefgh",'.repeat(50_000)}]}`;
    const position = text.length - 2;
    expect(describe_(text)).toBe(
      `caractère inattendu (ligne 1, colonne ${position + 1}, position ${position})`,
    );
  });

  it.each([
    // What the grammar expects where the text ends or goes wrong, as V8 words it.
    ['[1', 'virgule attendue (ligne 1, colonne 3, position 2)'],
    ['{', 'nom de propriété entre guillemets attendu (ligne 1, colonne 2, position 1)'],
    ['{"a"', 'deux-points attendus (ligne 1, colonne 5, position 4)'],
    ['{"a":1,"b"}', 'deux-points attendus (ligne 1, colonne 11, position 10)'],
    ['"a\\', 'fin de données inattendue (ligne 1, colonne 4, position 3)'],
    ['[nul[]', 'caractère inattendu (ligne 1, colonne 5, position 4)'],
    ['01', 'données supplémentaires après la fin du JSON (ligne 1, colonne 2, position 1)'],
    ['\ufeff{}', 'caractère inattendu (ligne 1, colonne 1, position 0)'],
  ])('describes %j as %j', (text, expected) => {
    expect(describe_(text)).toBe(expected);
  });

  it('locates an error at the end of 20 MB in about the time of one pass', () => {
    const text = `[${'0,'.repeat(10_000_000)}\n1 2]`;
    const started = Date.now();
    expect(describe_(text)).toBe(`virgule attendue (ligne 2, colonne 3, position ${text.length - 2})`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
