import { failingEndpointAlertEmail } from '@libs/notifications/alerts/failing-endpoint-alert.email';
import { frenchDuration } from '@libs/platform/mail/email-layout';
import { type OrderConfirmationView, orderConfirmationEmail } from './order-confirmation.email';

const ORDER: OrderConfirmationView = {
  orderid: 'AB12CD',
  externalId: 'DOSSIER-42',
  address: '12 rue des Lilas',
  additional: 'Bâtiment B',
  zipcode: '69003',
  city: 'Lyon',
  lots: '12, 47',
  owners: [
    { firstname: 'Marie', lastname: 'Dupont' },
    { firstname: 'Jean', lastname: "L'Écuyer" },
  ],
  method: 'extranet',
  syndicName: 'Foncia <Lyon>',
  createdAt: new Date('2025-03-25T17:32:39Z'),
};

describe('orderConfirmationEmail', () => {
  it('says in French what was ordered and what happens next, as text', () => {
    const email = orderConfirmationEmail(ORDER);
    expect(email.subject).toBe(
      'Confirmation de votre commande AB12CD : pré-état daté, 12 rue des Lilas, 69003 Lyon',
    );
    expect(email.text).toContain('Numéro de commande : AB12CD');
    expect(email.text).toContain('Votre référence : DOSSIER-42');
    expect(email.text).toContain('Bien : 12 rue des Lilas, Bâtiment B, 69003 Lyon');
    expect(email.text).toContain("Vendeur(s) : Marie Dupont, Jean L'Écuyer");
    expect(email.text).toContain('Date de la commande : 25 mars 2025 à 18:32');
    expect(email.text).toContain("1. Nous nous connectons à l'extranet du syndic (Foncia <Lyon>)");
    expect(email.text).toContain('GET /order/AB12CD/document');
  });

  it('escapes what the client typed in the HTML version', () => {
    const { html } = orderConfirmationEmail(ORDER);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Foncia &lt;Lyon&gt;');
    expect(html).toContain('Jean L&#39;Écuyer');
    expect(html).not.toContain('<Lyon>');
  });

  it('describes upload orders and missing references', () => {
    const email = orderConfirmationEmail({ ...ORDER, method: 'upload', externalId: '', lots: null });
    expect(email.text).toContain('Votre référence : non renseignée');
    expect(email.text).toContain('Lots : non précisés');
    expect(email.text).toContain('Nous lisons les documents que vous nous avez transmis');
  });
});

describe('failingEndpointAlertEmail', () => {
  it('names the endpoint, the last error and how to read the log and redeliver', () => {
    const email = failingEndpointAlertEmail({
      endpoint: 'https://notaire.example/hooks',
      failingSince: new Date('2025-03-25T08:00:00Z'),
      lastError: 'HTTP 500',
      orderid: 'AB12CD',
      retryDeadlineMs: 4 * 86_400_000,
    });
    expect(email.subject).toBe("Vos notifications n'arrivent plus à https://notaire.example/hooks");
    expect(email.text).toContain('Depuis le 25 mars 2025 à 09:00');
    expect(email.text).toContain('Dernière erreur : HTTP 500');
    expect(email.text).toContain('pendant 4 jours');
    expect(email.text).toContain('POST /order/AB12CD/notifications/<id>/redeliver');
    expect(email.html).toContain('/notifications/&lt;id&gt;/redeliver');
  });
});

describe('frenchDuration', () => {
  it.each([
    [86_400_000, '1 jour'],
    [4 * 86_400_000, '4 jours'],
    [3_600_000, '1 heure'],
    [90 * 60_000, '90 minutes'],
    [1500, '2 secondes'],
  ])('%d ms is %s', (ms, text) => {
    expect(frenchDuration(ms)).toBe(text);
  });
});
