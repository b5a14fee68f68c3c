/** What is wrong at the first error of a JSON text, in the terms of the French catalogue. */
export type JsonSyntaxReason =
  | 'unexpectedEnd'
  | 'unexpectedToken'
  | 'expectedComma'
  | 'expectedColon'
  | 'expectedPropertyName'
  | 'badString'
  | 'badNumber'
  | 'trailingData';

export type JsonScan =
  /** `reservedKeys`: some key is (or may be, once unescaped) `__proto__`, `constructor` or `prototype`. */
  | { kind: 'valid'; reservedKeys: boolean }
  /** `position`: 0-based offset in UTF-16 code units, as JSON.parse counts. */
  | { kind: 'syntax_error'; reason: JsonSyntaxReason; position: number }
  /** More than `maxDepth` objects and arrays inside one another, found before anything else wrong. */
  | { kind: 'too_deep' };

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const LEFT_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RIGHT_BRACKET = 0x5d;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;

const IN_OBJECT = 1;
const IN_ARRAY = 2;

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];
const LITERALS: Record<number, string> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };
// A run of characters that stand for themselves in a string: the regular expression engine skips the
// long ones (base64 documents) about twice as fast as a loop over char codes.
// eslint-disable-next-line no-control-regex -- control characters are what JSON strings may not hold
const PLAIN_CHARACTERS = /[^"\\\u0000-\u001f]*/y;

/** Thrown inside the scanner only, to leave its loops from any depth of helper. */
class ScanStop {
  constructor(readonly result: JsonScan) {}
}

/**
 * Validates a JSON text in one left-to-right pass, without building any value and without recursion:
 * the first error with its position, or whether the text nests deeper than `maxDepth`, the moment the
 * scan gets there. Positions are those V8's JSON.parse reports, and where V8 gives none (an unexpected
 * character) the character itself, so that a client can find the mistake in what it sent.
 */
export function scanJson(text: string, maxDepth: number = Infinity): JsonScan {
  try {
    return new Scanner(text, maxDepth).scan();
  } catch (stop) {
    if (stop instanceof ScanStop) return stop.result;
    throw stop;
  }
}

class Scanner {
  private position = 0;
  private reservedKeys = false;
  /** The containers open around the current position, innermost last. */
  private readonly open: number[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  scan(): JsonScan {
    const { text, open } = this;
    for (;;) {
      // A container just opened: its first value follows.
      if (this.value()) continue;
      // After a value: close containers, or a comma and the next value.
      for (;;) {
        this.skipWhitespace();
        if (open.length === 0) {
          if (this.position < text.length) this.fail('trailingData', this.position);
          return { kind: 'valid', reservedKeys: this.reservedKeys };
        }
        const c = this.current('expectedComma');
        const container = open[open.length - 1];
        if (c === COMMA) {
          this.position++;
          if (container === IN_OBJECT) this.propertyName();
          break;
        }
        if (
          (container === IN_OBJECT && c === RIGHT_BRACE) ||
          (container === IN_ARRAY && c === RIGHT_BRACKET)
        ) {
          open.pop();
          this.position++;
          continue;
        }
        this.fail('expectedComma', this.position);
      }
    }
  }

  /**
   * The value at the current position, leading whitespace skipped. A non-empty object or array is left
   * open (true): its first value comes next, in the caller's loop rather than by recursion, so that
   * no depth of nesting can exhaust the stack.
   */
  private value(): boolean {
    this.skipWhitespace();
    const c = this.current();
    if (c === LEFT_BRACE || c === LEFT_BRACKET) {
      if (this.open.length >= this.maxDepth) throw new ScanStop({ kind: 'too_deep' });
      this.position++;
      this.skipWhitespace();
      const next = this.current(c === LEFT_BRACE ? 'expectedPropertyName' : 'unexpectedEnd');
      if (next === (c === LEFT_BRACE ? RIGHT_BRACE : RIGHT_BRACKET)) {
        this.position++;
        return false;
      }
      this.open.push(c === LEFT_BRACE ? IN_OBJECT : IN_ARRAY);
      if (c === LEFT_BRACE) this.propertyName();
      return true;
    }
    if (c === QUOTE) this.string();
    else if (c === MINUS || (c >= ZERO && c <= NINE)) this.number();
    else this.literal(c);
    return false;
  }

  /** `true`, `false` or `null`. */
  private literal(c: number): void {
    const literal = LITERALS[c];
    if (literal === undefined) this.fail('unexpectedToken', this.position);
    for (let k = 1; k < literal.length; k++) {
      const at = this.position + k;
      if (at >= this.text.length) this.fail('unexpectedEnd', this.text.length);
      if (this.text.charCodeAt(at) !== literal.charCodeAt(k)) this.fail('unexpectedToken', at);
    }
    this.position += literal.length;
  }

  /** `"name"` and its colon, whitespace around them skipped. */
  private propertyName(): void {
    this.skipWhitespace();
    if (this.current('expectedPropertyName') !== QUOTE) this.fail('expectedPropertyName', this.position);
    const start = this.position + 1;
    const escaped = this.string();
    const end = this.position - 1;
    // An escaped name could spell a reserved one: counted as such without decoding it.
    if (
      escaped ||
      RESERVED_KEYS.some((key) => key.length === end - start && this.text.startsWith(key, start))
    ) {
      this.reservedKeys = true;
    }
    this.skipWhitespace();
    if (this.current('expectedColon') !== COLON) this.fail('expectedColon', this.position);
    this.position++;
  }

  /** A string from its opening quote; whether it holds an escape. */
  private string(): boolean {
    const { text } = this;
    let escaped = false;
    let i = this.position + 1;
    for (;;) {
      PLAIN_CHARACTERS.lastIndex = i;
      PLAIN_CHARACTERS.test(text);
      i = PLAIN_CHARACTERS.lastIndex;
      if (i >= text.length) this.fail('badString', text.length);
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < SPACE) this.fail('badString', i);
      if (c === BACKSLASH) {
        escaped = true;
        i++;
        if (i >= text.length) this.fail('unexpectedEnd', text.length);
        const e = text.charCodeAt(i);
        if (e === 0x75 /* u */) {
          for (let k = 1; k <= 4; k++) {
            if (i + k >= text.length) this.fail('badString', text.length);
            if (!isHexDigit(text.charCodeAt(i + k))) this.fail('badString', i + k);
          }
          i += 4;
        } else if (!isSimpleEscape(e)) {
          this.fail('badString', i);
        }
      }
      i++;
    }
    this.position = i + 1;
    return escaped;
  }

  private number(): void {
    const { text } = this;
    let i = this.position;
    if (text.charCodeAt(i) === MINUS) i++;
    const first = text.charCodeAt(i);
    if (first === ZERO) i++;
    else if (first >= ZERO + 1 && first <= NINE) i = this.digits(i);
    else this.fail('badNumber', Math.min(i, text.length));
    if (text.charCodeAt(i) === DOT) i = this.requiredDigits(i + 1);
    const e = text.charCodeAt(i);
    if (e === 0x65 /* e */ || e === 0x45 /* E */) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      i = this.requiredDigits(i);
    }
    this.position = i;
  }

  private requiredDigits(from: number): number {
    const c = this.text.charCodeAt(from);
    if (!(c >= ZERO && c <= NINE)) this.fail('badNumber', Math.min(from, this.text.length));
    return this.digits(from);
  }

  private digits(from: number): number {
    let i = from;
    for (let c = this.text.charCodeAt(i); c >= ZERO && c <= NINE; c = this.text.charCodeAt(++i));
    return i;
  }

  private skipWhitespace(): void {
    const { text } = this;
    let i = this.position;
    for (
      let c = text.charCodeAt(i);
      c === SPACE || c === LF || c === CR || c === TAB;
      c = text.charCodeAt(++i)
    );
    this.position = i;
  }

  /**
   * The character at the current position. The text cannot end where this is called: reported as
   * `atEnd`, what was expected there, as V8 words it.
   */
  private current(atEnd: JsonSyntaxReason = 'unexpectedEnd'): number {
    if (this.position >= this.text.length) this.fail(atEnd, this.text.length);
    return this.text.charCodeAt(this.position);
  }

  private fail(reason: JsonSyntaxReason, position: number): never {
    throw new ScanStop({ kind: 'syntax_error', reason, position });
  }
}

function isHexDigit(c: number): boolean {
  return (c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isSimpleEscape(c: number): boolean {
  // " \ / b f n r t
  return (
    c === QUOTE ||
    c === BACKSLASH ||
    c === SLASH ||
    c === 0x62 ||
    c === 0x66 ||
    c === 0x6e ||
    c === 0x72 ||
    c === 0x74
  );
}
