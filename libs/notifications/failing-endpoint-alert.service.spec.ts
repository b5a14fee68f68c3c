import { type MailMessage, type Mailer } from '../mail/mailer';
import { type CallbackAlertRepository } from '../persistence/repositories/callback-alert.repository';
import { type ObservedAttempt } from './delivery-attempt-observer';
import { FailingEndpointAlertService, displayedEndpoint } from './failing-endpoint-alert.service';
import { type NotificationRepository } from './notification.repository';

const NOW = new Date('2025-03-26T12:00:00Z');
const HOUR = 3_600_000;

function setUp(options: { failingSince?: Date; sendFails?: boolean } = {}) {
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
  return { service, alerts, sent, warnings, standing };
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

describe('displayedEndpoint', () => {
  it('keeps scheme, host, port and path only', () => {
    expect(displayedEndpoint('https://u:p@hooks.example:8443/a/b?x=1#f')).toBe(
      'https://hooks.example:8443/a/b',
    );
  });
});
