import { JSON_SYNTAX_REASONS, jsonPositionText } from '../../../../libs/i18n/messages.fr';

/**
 * Turns V8's JSON.parse error into the French reason and position the published interface asks for,
 * e.g. `virgule attendue (ligne 1, colonne 2, position 1)`. Positions are 0-based offsets, lines and
 * columns 1-based.
 */
export function describeJsonSyntaxError(error: SyntaxError, text: string): string {
  const message = error.message;
  const positionMatch = /at position (\d+)/.exec(message);
  const unexpectedEnd = /Unexpected end of JSON input|Unterminated string/.test(message);
  const position = positionMatch
    ? Number(positionMatch[1])
    : unexpectedEnd
      ? text.length
      : /^Unexpected token/.test(message)
        ? unexpectedTokenPosition(text)
        : 0;
  return `${reasonOf(message, text, position)} (${positionText(text, position)})`;
}

/**
 * V8 reports "Unexpected token" without a position. Parsing is left to right, and a prefix that stops
 * before the bad character only ever fails for its early end, so the shortest prefix failing with
 * "Unexpected token" ends just after it: a binary search finds it in about log2(length) parses.
 */
function unexpectedTokenPosition(text: string): number {
  const failsOnToken = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      return /^Unexpected token/.test((error as Error).message);
    }
  };
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsOnToken(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

function reasonOf(message: string, text: string, position: number): string {
  if (/Unexpected end of JSON input/.test(message)) return JSON_SYNTAX_REASONS.unexpectedEnd;
  if (/Expected ',' or|after (property value|array element)/.test(message))
    return JSON_SYNTAX_REASONS.expectedComma;
  if (/Expected ':' after property name/.test(message)) return JSON_SYNTAX_REASONS.expectedColon;
  if (/Expected (double-quoted )?property name/.test(message))
    return JSON_SYNTAX_REASONS.expectedPropertyName;
  if (/Unexpected non-whitespace character after JSON/.test(message)) return JSON_SYNTAX_REASONS.trailingData;
  if (/Unterminated string|Bad (control character|escaped character|Unicode escape)/.test(message)) {
    return JSON_SYNTAX_REASONS.badString;
  }
  if (/(No number after minus sign|Unterminated fractional number|Exponent part is missing)/.test(message)) {
    return JSON_SYNTAX_REASONS.badNumber;
  }
  // Tokens V8 reports as "Unexpected token": a missing comma between values is the common case.
  if (/Unexpected (token|string|number)/.test(message)) {
    const before = text.slice(0, position).trimEnd();
    const last = before[before.length - 1];
    if (last !== undefined && /["\d\]}el]/.test(last) && /["\d[{tfn-]/.test(text[position] ?? '')) {
      return JSON_SYNTAX_REASONS.expectedComma;
    }
    return JSON_SYNTAX_REASONS.unexpectedToken;
  }
  return JSON_SYNTAX_REASONS.invalid;
}

function positionText(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return jsonPositionText(line, column, position);
}
