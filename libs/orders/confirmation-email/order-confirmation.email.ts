import { TEXT_FOOTER, escapeHtml, frenchDateTime, htmlPage } from '@libs/platform/mail/email-layout';
import { type MailMessage } from '@libs/platform/mail/mailer';

/** What the confirmation email shows of an order: nothing secret (no syndic credentials). */
export interface OrderConfirmationView {
  orderid: string;
  /** The client's own reference; '' when none was given. */
  externalId: string;
  address: string;
  additional: string;
  zipcode: string;
  city: string;
  lots: string | null;
  owners: readonly { firstname: string; lastname: string }[];
  method: 'extranet' | 'upload';
  syndicName: string | null;
  createdAt: Date;
}

/** The confirmation email of a live order, in French, as text and HTML. */
export function orderConfirmationEmail(order: OrderConfirmationView): Omit<MailMessage, 'to'> {
  const subject = `Confirmation de votre commande ${order.orderid} : pré-état daté, ${order.address}, ${order.zipcode} ${order.city}`;
  const property = [order.address, order.additional, `${order.zipcode} ${order.city}`]
    .filter((part) => part.trim() !== '')
    .join(', ');
  const facts: [string, string][] = [
    ['Numéro de commande', order.orderid],
    ['Votre référence', order.externalId === '' ? 'non renseignée' : order.externalId],
    ['Bien', property],
    ['Lots', order.lots?.trim() ? order.lots : 'non précisés'],
    ['Vendeur(s)', order.owners.map((o) => `${o.firstname} ${o.lastname}`).join(', ')],
    ['Date de la commande', frenchDateTime(order.createdAt)],
  ];
  const collection =
    order.method === 'extranet'
      ? `Nous nous connectons à l'extranet du syndic${order.syndicName ? ` (${order.syndicName})` : ''} pour relever la situation de compte du vendeur et les documents de la copropriété.`
      : 'Nous lisons les documents que vous nous avez transmis et en extrayons la situation de compte du vendeur.';
  const steps = [
    collection,
    "S'il manque des documents obligatoires, la commande passe à l'état « waiting » : nous les recherchons de nouveau régulièrement, et vous pouvez aussi nous les envoyer (POST /order/<numéro>/documents).",
    "Dès que le pré-état daté est prêt, la commande passe à l'état « done » : le document vous est transmis par notification à votre adresse de rappel et reste téléchargeable par l'API (GET /order/<numéro>/document).",
  ].map((step) => step.replace(/<numéro>/g, order.orderid));
  const followUp = `Chaque changement d'état vous est notifié à votre adresse de rappel ; vous pouvez aussi suivre la commande par l'API (GET /order/${order.orderid}).`;

  const text = [
    'Bonjour,',
    '',
    'Nous avons bien reçu votre commande de pré-état daté.',
    '',
    ...facts.map(([label, value]) => `${label} : ${value}`),
    '',
    'Et maintenant ?',
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    '',
    followUp,
    '',
    'Cordialement,',
    'Le service pré-état daté',
    '',
    TEXT_FOOTER,
  ].join('\n');

  const html = htmlPage(
    subject,
    [
      '<p>Bonjour,</p>',
      '<p>Nous avons bien reçu votre commande de pré-état daté.</p>',
      '<table style="border-collapse: collapse;">',
      ...facts.map(
        ([label, value]) =>
          `<tr><th style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '<h2 style="font-size: 17px;">Et maintenant ?</h2>',
      '<ol>',
      ...steps.map((step) => `<li>${escapeHtml(step)}</li>`),
      '</ol>',
      `<p>${escapeHtml(followUp)}</p>`,
      '<p>Cordialement,<br>Le service pré-état daté</p>',
    ].join('\n'),
  );
  return { subject, text, html };
}
