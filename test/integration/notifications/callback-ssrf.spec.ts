import { type HostResolver } from '@libs/platform/outbound/dns-host-resolver';
import {
  type NotificationTestKit,
  type TestAccountRow,
  TestReceiver,
  createAccount,
  createNotification,
  createOrder,
  openNotificationTestKit,
} from './notification-fixtures';

/** Callback URLs pointing at internal addresses (docs/contract.md §6): refused in production mode. */
describe('callback address guard (SSRF) on real deliveries', () => {
  let kit: NotificationTestKit;
  let v4: TestReceiver;
  let v6: TestReceiver;
  let account: TestAccountRow;

  // Resolves a public-looking name to loopback, as a hostile DNS answer would.
  const hostileResolver: HostResolver = async (hostname) => {
    if (hostname !== 'hooks.client.example') throw new Error(`unexpected lookup of ${hostname}`);
    return [{ address: '127.0.0.1', family: 4 }];
  };

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    v4 = await TestReceiver.start();
    v6 = await TestReceiver.start(undefined, '::1');
    account = await createAccount(kit);
  });

  afterAll(async () => {
    await v4.close();
    await v6.close();
    await kit.close();
  });

  const targets = () => [
    { url: v4.url('127.0.0.1'), refusal: 'callback address 127.0.0.1 is not allowed (loopback)' },
    {
      url: `http://10.0.0.1:${v4.port}/hooks`,
      refusal: 'callback address 10.0.0.1 is not allowed (private)',
    },
    {
      url: 'http://169.254.169.254/latest/meta-data/',
      refusal: 'callback address 169.254.169.254 is not allowed (cloud metadata)',
    },
    { url: v6.url('::1'), refusal: 'callback address ::1 is not allowed (loopback)' },
    {
      url: v4.url('hooks.client.example'),
      refusal: 'callback address 127.0.0.1 is not allowed (loopback; resolved from hooks.client.example)',
    },
  ];

  async function notificationTo(url: string): Promise<{ id: string; orderid: string }> {
    const order = await createOrder(kit, account.id, { state: 'received', callbackUrl: url });
    const id = await createNotification(kit, order.orderid);
    return { id, orderid: order.orderid };
  }

  it('refuses loopback, private, metadata and IPv6 loopback addresses, literal or resolved, before any request', async () => {
    const service = kit.deliveryService({ policy: { allowPrivate: false }, resolver: hostileResolver });
    for (const { url, refusal } of targets()) {
      const { id, orderid } = await notificationTo(url);
      const outcome = await service.attempt(id);
      expect({ url, outcome }).toEqual({
        url,
        outcome: { kind: 'retry', retryAfterMs: null, error: refusal },
      });
      const [log] = await kit.notifications.listForOrder(orderid);
      expect(log?.attempts.map((a) => [a.url, a.httpStatus, a.error])).toEqual([[url, null, refusal]]);
    }
    expect(v4.requests).toHaveLength(0);
    expect(v6.requests).toHaveLength(0);
  });

  it('refuses a host name that resolves to loopback with the system resolver (localhost)', async () => {
    const { id } = await notificationTo(v4.url('localhost'));
    const outcome = await kit.deliveryService({ policy: { allowPrivate: false } }).attempt(id);
    expect(outcome).toMatchObject({
      kind: 'retry',
      error: expect.stringMatching(/\(loopback; resolved from localhost\)$/),
    });
    expect(v4.requests).toHaveLength(0);
  });

  it('refuses callback URLs that are not http(s)', async () => {
    const { id } = await notificationTo('ftp://127.0.0.1/hooks');
    await expect(kit.deliveryService({ policy: { allowPrivate: true } }).attempt(id)).resolves.toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: 'callback URL scheme ftp: is not allowed (http or https only)',
    });
  });

  it.each([
    ['private callbacks allowed', { allowPrivate: true }],
    [
      'an allowlist holding the loopback ranges',
      { allowPrivate: false, allowlist: ['127.0.0.0/8', '::1/128'] },
    ],
  ])('delivers to loopback receivers with %s', async (_name, policy) => {
    const service = kit.deliveryService({ policy, resolver: hostileResolver });
    const reachable = [v4.url('127.0.0.1'), v6.url('::1'), v4.url('hooks.client.example')];
    const before = { v4: v4.requests.length, v6: v6.requests.length };
    for (const url of reachable) {
      const { id } = await notificationTo(url);
      await expect(service.attempt(id)).resolves.toEqual({ kind: 'delivered' });
    }
    expect(v4.requests.length - before.v4).toBe(2);
    expect(v6.requests.length - before.v6).toBe(1);
    // The system resolver's localhost too.
    const { id } = await notificationTo(v4.url('localhost'));
    await expect(kit.deliveryService({ policy }).attempt(id)).resolves.toEqual({ kind: 'delivered' });
  });

  it('an allowlist opens only its ranges', async () => {
    const service = kit.deliveryService({ policy: { allowPrivate: false, allowlist: ['10.0.0.0/8'] } });
    const { id } = await notificationTo(v4.url('127.0.0.1'));
    await expect(service.attempt(id)).resolves.toMatchObject({
      kind: 'retry',
      error: 'callback address 127.0.0.1 is not allowed (loopback)',
    });
  });
});
