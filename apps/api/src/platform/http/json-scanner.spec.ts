import fc from 'fast-check';
import { scanJson } from './json-scanner';

/** What V8's JSON.parse says of `text`: valid, or the position its message gives (null when none). */
function v8(text: string): { valid: true } | { valid: false; position: number | null } {
  try {
    JSON.parse(text);
    return { valid: true };
  } catch (error) {
    const position = /at position (\d+)/.exec((error as Error).message)?.[1];
    return { valid: false, position: position === undefined ? null : Number(position) };
  }
}

const JSON_CHARACTERS = [...'{}[],:"\\u019-+.eEtrufalsn \n\t\r', '\u0001', 'x', 'A', 'é', '\ud800'];

/** Valid JSON with a few characters deleted, inserted or replaced: the errors clients make. */
const damagedJson = fc
  .tuple(
    fc.json({ maxDepth: 4 }),
    fc.array(
      fc.record({
        at: fc.nat(),
        op: fc.constantFrom('delete', 'insert', 'replace'),
        character: fc.constantFrom(...JSON_CHARACTERS),
      }),
      { maxLength: 3 },
    ),
  )
  .map(([text, edits]) =>
    edits.reduce((t, { at, op, character }) => {
      const i = t.length === 0 ? 0 : at % t.length;
      if (op === 'delete') return t.slice(0, i) + t.slice(i + 1);
      if (op === 'insert') return t.slice(0, i) + character + t.slice(i);
      return t.slice(0, i) + character + t.slice(i + 1);
    }, text),
  );

describe('scanJson', () => {
  it('agrees with JSON.parse on what is valid, and on the position of every error it locates', () => {
    const texts = fc.oneof(
      damagedJson,
      fc.array(fc.constantFrom(...JSON_CHARACTERS), { maxLength: 12 }).map((cs) => cs.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const expected = v8(text);
        const scan = scanJson(text);
        expect(scan.kind === 'valid').toBe(expected.valid);
        if (!expected.valid && expected.position !== null && scan.kind === 'syntax_error') {
          expect(scan.position).toBe(expected.position);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('stops at the first container beyond the depth limit, valid or not', () => {
    expect(scanJson(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toEqual({
      kind: 'valid',
      reservedKeys: false,
    });
    expect(scanJson(`${'{"a":'.repeat(32)}1${'}'.repeat(32)}`, 32).kind).toBe('valid');
    expect(scanJson(`${'['.repeat(33)}${']'.repeat(33)}`, 32)).toEqual({ kind: 'too_deep' });
    expect(scanJson(`[${'[],'.repeat(5)}${'['.repeat(32)}1${']'.repeat(32)}]`, 32)).toEqual({
      kind: 'too_deep',
    });
    // An error met before the limit is reported as such.
    expect(scanJson(`[1 ${'['.repeat(40)}`, 32)).toMatchObject({ kind: 'syntax_error', position: 3 });
  });

  it('scans nesting of any depth without recursion', () => {
    const depth = 1_000_000;
    expect(scanJson(`${'['.repeat(depth)}${']'.repeat(depth)}`).kind).toBe('valid');
    expect(scanJson(`${'['.repeat(depth)}x`)).toEqual({
      kind: 'syntax_error',
      reason: 'unexpectedToken',
      position: depth,
    });
  });

  it('takes time in proportion to the text, error at the end or not', () => {
    const text = `[${'0,'.repeat(5_000_000)}x]`;
    const started = Date.now();
    expect(scanJson(text)).toEqual({
      kind: 'syntax_error',
      reason: 'unexpectedToken',
      position: text.length - 2,
    });
    const deep = `${'['.repeat(10_000_000)}x`;
    expect(scanJson(deep, 32)).toEqual({ kind: 'too_deep' });
    // About 0.1 s on the machines the suite runs on; one parse per halving of the text would take minutes.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it.each([
    ['{"__proto__": 1}', true],
    ['{"a": {"constructor": {}}}', true],
    ['[{"prototype": null}]', true],
    ['{"__pro\\u0074o__": 1}', true],
    ['{"proto": "__proto__", "constructors": 1}', false],
    ['["__proto__", "constructor"]', false],
  ])('tells whether %s has keys that name prototypes', (text, reserved) => {
    expect(scanJson(text)).toEqual({ kind: 'valid', reservedKeys: reserved });
  });
});
