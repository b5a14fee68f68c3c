import { confirmationEmailWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { CallbackAlertRepository } from '@libs/notifications/alerts/callback-alert.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { orderBody } from '../../support/order-fixtures';
import { type ReceivedMail, SmtpTestServer } from '../../support/smtp-test-server';
import { waitFor } from '../../support/wait-for';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { recordWorkflowHistory } from '../../support/workflow-history-recorder';

interface LogEntry {
  id: string;
  status: string;
  attempt_count: number;
  delivered: string | null;
}

describe('emails: order confirmation and failing-endpoint alert (real SMTP server on loopback)', () => {
  let smtp: SmtpTestServer;
  let stack: LifecycleStack;

  beforeAll(async () => {
    smtp = await new SmtpTestServer().start();
    stack = await startLifecycleStack({ SMTP_URL: smtp.url, NOTIFICATION_ALERT_AFTER: '1s' });
  });
  afterAll(async () => {
    await stack.close();
    await smtp.stop();
  });

  async function createOrder(overrides: Record<string, unknown>): Promise<string> {
    const res = await stack.http.post('/order/', orderBody(overrides), stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { orderid: string } }).payload.orderid;
  }

  async function stateOf(orderid: string): Promise<string> {
    const res = await stack.http.get(`/order/${orderid}`, stack.account.headers);
    return (res.json as { payload: { state: string } }).payload.state;
  }

  async function logOf(orderid: string): Promise<LogEntry[]> {
    const res = await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  }

  const mentioning = (orderid: string): ReceivedMail[] =>
    smtp.messages.filter((m) => m.subject.includes(orderid) || m.text.includes(orderid));

  it('sends a live order a French confirmation (text and HTML), once, and a test-mode order none', async () => {
    const testOrder = await createOrder({ test_mode: true, external_id: 'ESSAI-1' });
    const liveOrder = await createOrder({
      test_mode: false,
      external_id: 'DOSSIER-EMAIL',
      lots: '12, 47',
      syndic: {
        name: 'Foncia',
        username: 'jeanne.martin',
        password: 'mot-de-passe-du-syndic',
        url: stack.syndicExtranetUrl,
      },
    });

    const [mail] = await waitFor(() => (mentioning(liveOrder).length > 0 ? mentioning(liveOrder) : null), {
      what: 'the confirmation email',
    });
    expect(mail!.to).toEqual([stack.account.email]);
    expect(mail!.subject).toBe(
      `Confirmation de votre commande ${liveOrder} : pré-état daté, 12 rue des Lilas, 69003 Lyon`,
    );
    expect(mail!.text).toContain('Nous avons bien reçu votre commande de pré-état daté.');
    expect(mail!.text).toContain(`Numéro de commande : ${liveOrder}`);
    expect(mail!.text).toContain('Votre référence : DOSSIER-EMAIL');
    expect(mail!.text).toContain('Bien : 12 rue des Lilas, Bâtiment B, 69003 Lyon');
    expect(mail!.text).toContain('Lots : 12, 47');
    expect(mail!.text).toContain('Vendeur(s) : Marie Dupont');
    expect(mail!.text).toContain('Et maintenant ?');
    expect(mail!.text).toContain("l'extranet du syndic (Foncia)");
    expect(mail!.html).toContain('<html lang="fr">');
    expect(mail!.html).toContain(`<td>${liveOrder}</td>`);
    expect(mail!.html).toContain('<td>12 rue des Lilas, Bâtiment B, 69003 Lyon</td>');
    expect(mail!.html).toContain('Et maintenant ?');
    // No secret of the order travels by email.
    expect(mail!.raw).not.toContain('mot-de-passe-du-syndic');
    expect(mail!.raw).not.toContain('jeanne.martin');

    await waitFor(async () => (await stateOf(liveOrder)) === 'done', { what: 'live order done' });
    await waitFor(async () => (await stateOf(testOrder)) === 'done', { what: 'test order done' });
    // The server has the email before the activity records it sent and its workflow completes: the
    // wait is for the completion, after which a second email would have been sent already.
    const email = stack.api.temporal.workflow.getHandle(confirmationEmailWorkflowId(liveOrder));
    await waitFor(async () => (await email.describe()).status.name === 'COMPLETED', {
      what: 'the confirmation email workflow completed',
    });
    expect(mentioning(liveOrder)).toHaveLength(1);
    expect(mentioning(testOrder)).toHaveLength(0);
    const live = await new OrderRepository(stack.api.dataSource).findById(liveOrder);
    expect(live?.confirmationEmailSentAt).toBeInstanceOf(Date);
    // A test-mode order does not even get the workflow.
    await expect(
      stack.api.temporal.workflow.getHandle(confirmationEmailWorkflowId(testOrder)).describe(),
    ).rejects.toThrow();
    expect((await email.describe()).status.name).toBe('COMPLETED');
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      confirmationEmailWorkflowId(liveOrder),
      'confirmation-email',
    );
  });

  it('emails the account once when an endpoint has been failing past the threshold, and again only after it recovered', async () => {
    const failing = await new WebhookReceiver().start();
    failing.respond = () => 500;
    const alertsFor = () => smtp.messages.filter((m) => m.subject.includes(failing.url));
    try {
      const first = await createOrder({ test_mode: true, callback_url: failing.url });
      const second = await createOrder({ test_mode: true, callback_url: failing.url });
      const [alert] = await waitFor(() => (alertsFor().length > 0 ? alertsFor() : null), {
        what: 'the failing-endpoint alert',
      });
      expect(alert!.to).toEqual([stack.account.email]);
      expect(alert!.subject).toBe(`Vos notifications n'arrivent plus à ${failing.url}`);
      expect(alert!.text).toContain('Dernière erreur : HTTP 500');
      expect(alert!.text).toContain("Aucune notification n'est perdue");
      expect(alert!.html).toContain('Dernière erreur : HTTP 500');

      // Both orders keep failing well past the threshold: still one email.
      await waitFor(
        async () =>
          (await logOf(first))[0]!.attempt_count >= 7 && (await logOf(second))[0]!.attempt_count >= 7,
        { what: 'more failed attempts' },
      );
      expect(alertsFor()).toHaveLength(1);

      // The endpoint recovers: everything is delivered and the alert is cleared.
      failing.respond = () => 200;
      await waitFor(
        async () => [...(await logOf(first)), ...(await logOf(second))].every((n) => n.delivered !== null),
        { what: 'deliveries after recovery' },
      );
      const alerts = new CallbackAlertRepository(stack.api.dataSource);
      const accountId = (await new OrderRepository(stack.api.dataSource).findById(first))!.accountId;
      await waitFor(async () => (await alerts.findAlert(accountId, failing.url)) === null, {
        what: 'alert cleared',
      });

      // A new outage is a new alert.
      failing.respond = () => 503;
      await createOrder({ test_mode: true, callback_url: failing.url });
      await waitFor(() => alertsFor().length === 2, { what: 'the second alert' });
      expect(alertsFor()[1]!.text).toContain('Dernière erreur : HTTP 503');
    } finally {
      await failing.stop();
    }
  });
});

describe('failing-endpoint alert between attempts (real SMTP server on loopback)', () => {
  let smtp: SmtpTestServer;
  let stack: LifecycleStack;

  beforeAll(async () => {
    smtp = await new SmtpTestServer().start();
    // The next attempt is an hour away: only the worker's sweep can notice the threshold in time.
    stack = await startLifecycleStack({
      SMTP_URL: smtp.url,
      NOTIFICATION_RETRY_DELAYS: '1h',
      // Beyond the next attempt (1 h ± 10 %): the notification is not given up in the meantime.
      NOTIFICATION_DEADLINE: '4h',
      NOTIFICATION_ALERT_AFTER: '2s',
      NOTIFICATION_ALERT_SWEEP_INTERVAL: '300ms',
    });
  });
  afterAll(async () => {
    await stack.close();
    await smtp.stop();
  });

  it('emails the account once the threshold has passed, with no attempt since the first failure', async () => {
    const failing = await new WebhookReceiver().start();
    failing.respond = () => 500;
    const alertsFor = () => smtp.messages.filter((m) => m.subject.includes(failing.url));
    try {
      const orderid = await stack.createOrder({ test_mode: true, callback_url: failing.url });
      const log = async () =>
        (
          (await stack.http.get(`/order/${orderid}/notifications`, stack.account.headers)).json as {
            payload: { notifications: (LogEntry & { attempts: { attempted_at: string }[] })[] };
          }
        ).payload.notifications;
      const [first] = await waitFor(async () => ((await log())[0]?.attempt_count === 1 ? log() : null), {
        what: 'the first failed attempt',
      });
      const [alert] = await waitFor(() => (alertsFor().length > 0 ? alertsFor() : null), {
        what: 'the failing-endpoint alert',
      });
      // Not before the threshold, counted from the first attempt.
      expect(Date.now() - Date.parse(first!.attempts[0]!.attempted_at)).toBeGreaterThanOrEqual(2_000);
      expect(alert!.to).toEqual([stack.account.email]);
      expect(alert!.subject).toBe(`Vos notifications n'arrivent plus à ${failing.url}`);
      expect(alert!.text).toContain('Dernière erreur : HTTP 500');
      expect(alert!.text).toContain(orderid);
      // No attempt was made for it (the later notifications wait behind the first), and later sweeps
      // do not send it again.
      const counts = (await log()).map((n) => n.attempt_count);
      expect(counts[0]).toBe(1);
      expect(counts.slice(1).every((count) => count === 0)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(alertsFor()).toHaveLength(1);
    } finally {
      await failing.stop();
    }
  });
});
