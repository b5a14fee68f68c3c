import { type MailMessage, type Mailer } from '@libs/platform/mail/mailer';
import { type CallbackAlertRepository } from './callback-alert.repository';
import { type ObservedAttempt } from '../delivery/delivery-attempt-observer';
import { FailingEndpointAlertService, displayedEndpoint } from './failing-endpoint-alert.service';
import { type FailingNotification, type NotificationRepository } from '../notification.repository';

const NOW = new Date('2025-03-26T12:00:00Z');
const HOUR = 3_600_000;

function setUp(
  options: { failingSince?: Date; sendFails?: boolean; failing?: FailingNotification[] | Error } = {},
) {
  const standing = new Set<string>();
  const alerts = {
    claim: jest.fn(async (account: string, endpoint: string) => {
      const key = `${account} ${endpoint}`;
      if (standing.has(key)) return false;
      standing.add(key);
      return true;
    }),
    clear: jest.fn(async (account: string, endpoint: string) => {
      standing.delete(`${account} ${endpoint}`);
    }),
  };
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      if (options.sendFails) throw new Error('SMTP down');
      sent.push(message);
      return { messageId: '<1@test>' };
    },
    close: () => undefined,
  };
  const notifications = {
    firstAttemptAt: async () => options.failingSince ?? new Date(NOW.getTime() - 25 * HOUR),
    failingSince: jest.fn(async () => {
      if (options.failing instanceof Error) throw options.failing;
      return options.failing ?? [];
    }),
  };
  const warnings: string[] = [];
  const service = new FailingEndpointAlertService(
    alerts as unknown as CallbackAlertRepository,
    notifications as unknown as NotificationRepository,
    mailer,
    { alertAfterMs: 24 * HOUR, retryDeadlineMs: 96 * HOUR },
    (message) => warnings.push(message),
    () => NOW,
  );
  return { service, alerts, sent, warnings, standing, notifications };
}

function attempt(overrides: Partial<ObservedAttempt> = {}): ObservedAttempt {
  return {
    accountId: 'account-1',
    accountEmail: 'notaire@example.fr',
    accountAlerted: false,
    notificationId: 'n-1',
    notificationCreatedAt: new Date(NOW.getTime() - 26 * HOUR),
    orderid: 'AB12CD',
    url: 'https://user:secret@notaire.example/hooks?token=abc',
    outcome: { kind: 'retry', retryAfterMs: null, error: 'HTTP 500' },
    ...overrides,
  };
}

describe('FailingEndpointAlertService', () => {
  it('sends one email per failing endpoint, without the URL’s secrets', async () => {
    const { service, sent } = setUp();
    await service.attempted(attempt());
    await service.attempted(attempt({ notificationId: 'n-2', orderid: 'ZZ99ZZ' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('notaire@example.fr');
    expect(sent[0]!.subject).toBe("Vos notifications n'arrivent plus à https://notaire.example/hooks");
    expect(JSON.stringify(sent[0])).not.toMatch(/secret|token=abc/);
  });

  it('does not alert before the notification has failed for the threshold', async () => {
    const young = setUp();
    await young.service.attempted(attempt({ notificationCreatedAt: new Date(NOW.getTime() - HOUR) }));
    expect(young.sent).toHaveLength(0);
    expect(young.alerts.claim).not.toHaveBeenCalled();
    // Created long ago (queued behind another) but failing only for an hour.
    const queued = setUp({ failingSince: new Date(NOW.getTime() - HOUR) });
    await queued.service.attempted(attempt());
    expect(queued.sent).toHaveLength(0);
  });

  it('alerts again after a success to the endpoint cleared the alert', async () => {
    const { service, sent } = setUp();
    await service.attempted(attempt());
    await service.attempted(attempt({ outcome: { kind: 'delivered' }, accountAlerted: true }));
    await service.attempted(attempt());
    expect(sent).toHaveLength(2);
  });

  it('makes no query on a success when no alert stands for the account', async () => {
    const { service, alerts } = setUp();
    await service.attempted(attempt({ outcome: { kind: 'delivered' } }));
    expect(alerts.clear).not.toHaveBeenCalled();
  });

  it('ignores 410 Gone and missing callbacks', async () => {
    const { service, sent, alerts } = setUp();
    await service.attempted(attempt({ outcome: { kind: 'gone' } }));
    await service.attempted(attempt({ outcome: { kind: 'no-callback' } }));
    expect(sent).toHaveLength(0);
    expect(alerts.claim).not.toHaveBeenCalled();
  });

  it('never throws: an unsent alert is released for the next failure and logged', async () => {
    const { service, warnings, standing } = setUp({ sendFails: true });
    await expect(service.attempted(attempt())).resolves.toBeUndefined();
    expect(standing.size).toBe(0);
    expect(warnings[0]).toMatch(/SMTP down/);
  });
});

describe('FailingEndpointAlertService.alertFailingEndpoints (the sweep between attempts)', () => {
  const failing = (overrides: Partial<FailingNotification> = {}): FailingNotification => ({
    notificationId: 'n-1',
    orderid: 'AB12CD',
    accountId: 'account-1',
    accountEmail: 'notaire@example.fr',
    url: 'https://user:***@notaire.example/hooks?token=abc',
    lastError: 'HTTP 502',
    failingSince: new Date(NOW.getTime() - 24 * HOUR - 1),
    ...overrides,
  });

  it('looks for notifications failing since before the threshold, and alerts each endpoint once', async () => {
    const { service, sent, notifications } = setUp({
      failing: [
        failing(),
        failing({ notificationId: 'n-2', url: 'https://notaire.example/hooks' }),
        failing({ notificationId: 'n-3', url: 'https://autre.example/hooks' }),
        failing({ notificationId: 'n-4', accountId: 'account-2', accountEmail: 'etude@example.fr' }),
      ],
    });
    await expect(service.alertFailingEndpoints()).resolves.toBe(3);
    expect(notifications.failingSince).toHaveBeenCalledWith(new Date(NOW.getTime() - 24 * HOUR), 1_000);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['notaire@example.fr', "Vos notifications n'arrivent plus à https://notaire.example/hooks"],
      ['notaire@example.fr', "Vos notifications n'arrivent plus à https://autre.example/hooks"],
      ['etude@example.fr', "Vos notifications n'arrivent plus à https://notaire.example/hooks"],
    ]);
    expect(sent[0]!.text).toContain('Dernière erreur : HTTP 502');
    expect(JSON.stringify(sent)).not.toMatch(/token=abc|\*\*\*/);
  });

  it('sends nothing for an endpoint already alerted, at an attempt or by an earlier sweep', async () => {
    const { service, sent } = setUp({ failing: [failing()] });
    await service.attempted(attempt());
    await expect(service.alertFailingEndpoints()).resolves.toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('never rejects: a failed query or email is logged and left to the next sweep', async () => {
    const down = setUp({ failing: new Error('connection refused') });
    await expect(down.service.alertFailingEndpoints()).resolves.toBe(0);
    expect(down.warnings[0]).toMatch(/sweep failed.*connection refused/);
    const smtpDown = setUp({ failing: [failing()], sendFails: true });
    await expect(smtpDown.service.alertFailingEndpoints()).resolves.toBe(0);
    expect(smtpDown.standing.size).toBe(0);
    expect(smtpDown.warnings[0]).toMatch(/SMTP down/);
  });
});

describe('displayedEndpoint', () => {
  it('keeps scheme, host, port and path only', () => {
    expect(displayedEndpoint('https://u:p@hooks.example:8443/a/b?x=1#f')).toBe(
      'https://hooks.example:8443/a/b',
    );
  });
});
