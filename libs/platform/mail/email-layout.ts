/** Shared by the email templates: HTML escaping, the page around a message, French dates. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A minimal, client-safe HTML page (inline styles only: mail clients drop style sheets). */
export function htmlPage(title: string, body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="fr">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #1f2933; line-height: 1.5;">',
    body,
    '<p style="color: #7b8794; font-size: 12px;">Ce message est envoyé automatiquement ; merci de ne pas y répondre.</p>',
    '</body>',
    '</html>',
  ].join('\n');
}

export const TEXT_FOOTER = 'Ce message est envoyé automatiquement ; merci de ne pas y répondre.';

const PARIS_DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** `25 mars 2025 à 18:32`, in Paris time. */
export function frenchDateTime(date: Date): string {
  return PARIS_DATE_TIME.format(date);
}

const DURATION_UNITS: [number, string, string][] = [
  [86_400_000, 'jour', 'jours'],
  [3_600_000, 'heure', 'heures'],
  [60_000, 'minute', 'minutes'],
  [1000, 'seconde', 'secondes'],
];

/** `4 jours`, `1 heure`, `90 minutes`: the largest unit the duration is a whole number of. */
export function frenchDuration(ms: number): string {
  for (const [unit, one, many] of DURATION_UNITS) {
    if (ms >= unit && ms % unit === 0) return `${ms / unit} ${ms === unit ? one : many}`;
  }
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} ${seconds === 1 ? 'seconde' : 'secondes'}`;
}
