import {
  TEXT_FOOTER,
  escapeHtml,
  frenchDateTime,
  frenchDuration,
  htmlPage,
} from '@libs/platform/mail/email-layout';
import { type MailMessage } from '@libs/platform/mail/mailer';

export interface FailingEndpointAlertView {
  /** Scheme, host, port and path of the callback: no credentials, no query string. */
  endpoint: string;
  /** First failed attempt of the notification that triggered the alert. */
  failingSince: Date;
  lastError: string;
  /** The order whose notification is held up. */
  orderid: string;
  /** How long a notification keeps being retried before it is given up. */
  retryDeadlineMs: number;
}

const MAX_ERROR_LENGTH = 300;

/** The one email an account gets when notifications to one of its endpoints keep failing. */
export function failingEndpointAlertEmail(alert: FailingEndpointAlertView): Omit<MailMessage, 'to'> {
  const subject = `Vos notifications n'arrivent plus à ${alert.endpoint}`;
  const lastError = alert.lastError.slice(0, MAX_ERROR_LENGTH);
  const paragraphs = [
    `Depuis le ${frenchDateTime(alert.failingSince)}, nous n'arrivons pas à livrer les notifications de vos commandes à l'adresse de rappel ${alert.endpoint} (commande concernée : ${alert.orderid}).`,
    `Dernière erreur : ${lastError}`,
    `Aucune notification n'est perdue : nous continuons d'essayer pendant ${frenchDuration(alert.retryDeadlineMs)} après la première tentative, et les notifications d'une même commande seront livrées dans l'ordre dès que votre serveur répondra de nouveau par un code 2xx.`,
    `Le journal des tentatives est consultable par l'API (GET /order/${alert.orderid}/notifications) ; une notification peut être relancée à tout moment (POST /order/${alert.orderid}/notifications/<id>/redeliver).`,
    "Vous ne recevrez pas d'autre message pour cette adresse tant qu'une livraison n'y aura pas réussi.",
  ];
  const text = [
    'Bonjour,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    'Cordialement,',
    'Le service pré-état daté',
    '',
    TEXT_FOOTER,
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      '<p>Bonjour,</p>',
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      '<p>Cordialement,<br>Le service pré-état daté</p>',
    ].join('\n'),
  );
  return { subject, text, html };
}
