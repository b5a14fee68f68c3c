import { type FulfilmentMode } from '@libs/fulfilment/fulfilment-mode';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** A moment as operators in France read it. */
export function formatDateTime(at: Date | string | null | undefined): string {
  if (at === null || at === undefined) return T.none;
  return DATE_TIME.format(typeof at === 'string' ? new Date(at) : at);
}

/** A calendar date `AAAA-MM-JJ` as `JJ/MM/AAAA`. */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split('-');
  return day && month && year ? `${day}/${month}/${year}` : date;
}

/** How long since `since`, roughly: `45 min`, `3 h 12 min`, `2 j 4 h`. */
export function formatAge(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

/** A file size in French units. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

/** How an order is fulfilled: a test-mode order is never routed, the sandbox serves it. */
export function formatFulfilmentMode(order: {
  fulfilmentMode: FulfilmentMode | null;
  testMode: boolean;
}): string {
  if (order.fulfilmentMode) return T.modes[order.fulfilmentMode];
  return order.testMode ? T.modes.sandbox : T.modes.none;
}
