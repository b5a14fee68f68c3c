import { JSON_SYNTAX_REASONS, jsonPositionText } from '@libs/platform/messages.fr';
import { type JsonSyntaxReason } from './json-scanner';

/**
 * The French reason and position the published interface asks for, e.g. `virgule attendue (ligne 1,
 * colonne 2, position 1)`, of the first error `scanJson` found. Positions are 0-based offsets, lines
 * and columns 1-based; one pass over the text before the error.
 */
export function describeJsonSyntaxError(
  error: { reason: JsonSyntaxReason; position: number },
  text: string,
): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < error.position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const position = jsonPositionText(line, error.position - lineStart + 1, error.position);
  return `${JSON_SYNTAX_REASONS[error.reason]} (${position})`;
}
