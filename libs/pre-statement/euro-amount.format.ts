import { NOT_COMMUNICATED } from './not-communicated';

/**
 * The PDF uses the standard Helvetica font, whose WinAnsi encoding has the no-break space (U+00A0)
 * but not the narrow no-break space (U+202F) that `Intl` puts between thousands; U+00A0 keeps
 * "1 234,56 €" on one line and renders everywhere.
 */
const NO_BREAK_SPACE = '\u00a0';

/**
 * Formats integer euro cents the French way: `1 234,56 €`, `-12,00 €`; null → "non communiqué".
 * Done with integer arithmetic so large amounts never suffer from floating-point rounding.
 */
export function formatEuros(cents: number | null): string {
  if (cents === null) return NOT_COMMUNICATED;
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Amount must be an integer number of cents, got ${cents}`);
  }
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.floor(absolute / 100).toString();
  const remainder = (absolute % 100).toString().padStart(2, '0');
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
  return `${sign}${grouped},${remainder}${NO_BREAK_SPACE}€`;
}
