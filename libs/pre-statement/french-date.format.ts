import { NOT_COMMUNICATED } from './not-communicated';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Issue dates are instants; a French notary reads them on the Paris calendar, whatever the server's zone.
const PARIS_DAY = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * `2025-03-25` or a Date → `25/03/2025`; null or empty → "non communiqué".
 * A string that is not a valid calendar day is printed as received: it came from the syndic and
 * showing it verbatim is more honest than dropping it.
 */
export function formatFrenchDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return NOT_COMMUNICATED;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid Date');
    return PARIS_DAY.format(value);
  }
  const trimmed = value.trim();
  if (trimmed === '') return NOT_COMMUNICATED;
  const match = ISO_DAY.exec(trimmed);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return trimmed;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
