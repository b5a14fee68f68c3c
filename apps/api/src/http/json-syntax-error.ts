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
  const position = positionMatch ? Number(positionMatch[1]) : unexpectedEnd ? text.length : 0;
  return `${reasonOf(message, text, position)} (${positionText(text, position)})`;
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
