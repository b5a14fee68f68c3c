import { DnsHostResolver } from '@libs/platform/outbound/dns-host-resolver';
import { DnsTestServer } from '../../support/dns-test-server';
import {
  type NotificationTestKit,
  type TestAccountRow,
  TestReceiver,
  createAccount,
  createNotification,
  createOrder,
  openNotificationTestKit,
} from './notification-fixtures';

/** Callback host names resolved by a real name server on loopback, one that answers and one that hangs. */
describe('callback name resolution on real deliveries', () => {
  let kit: NotificationTestKit;
  let dns: DnsTestServer;
  let receiver: TestReceiver;
  let account: TestAccountRow;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    dns = await DnsTestServer.start({
      'hooks.client.example': ['127.0.0.1'],
      'split.client.example': ['93.184.216.34', '127.0.0.1'],
      'hangs.client.example': 'never-answer',
    });
    receiver = await TestReceiver.start();
    account = await createAccount(kit);
  });
  afterAll(async () => {
    await receiver.close();
    await dns.close();
    await kit.close();
  });

  const resolver = (timeoutMs: number) => new DnsHostResolver({ timeoutMs, servers: [dns.address] }).resolve;

  async function notificationTo(url: string): Promise<{ id: string; orderid: string }> {
    const order = await createOrder(kit, account.id, { state: 'received', callbackUrl: url });
    return { id: await createNotification(kit, order.orderid), orderid: order.orderid };
  }

  it('logs a callback host whose name server never answers as a DNS timeout, while other deliveries go on', async () => {
    const service = kit.deliveryService({ timeoutMs: 3000, resolver: resolver(1000) });
    const hung = await Promise.all(
      Array.from({ length: 6 }, () => notificationTo(receiver.url('hangs.client.example'))),
    );
    const healthy = await notificationTo(receiver.url('hooks.client.example'));
    const started = Date.now();
    const hungOutcomes = Promise.all(hung.map(({ id }) => service.attempt(id)));
    await expect(service.attempt(healthy.id)).resolves.toEqual({ kind: 'delivered' });
    expect(Date.now() - started).toBeLessThan(1000);
    const error = 'DNS lookup of hangs.client.example failed (no answer within 1000 ms)';
    expect(await hungOutcomes).toEqual(hung.map(() => ({ kind: 'retry', retryAfterMs: null, error })));
    expect(Date.now() - started).toBeLessThan(3000);
    const [log] = await kit.notifications.listForOrder(hung[0]!.orderid);
    expect(log?.attempts.map((a) => [a.httpStatus, a.error])).toEqual([[null, error]]);
    expect(log!.attempts[0]!.latencyMs).toBeLessThan(1000 + 500);
    expect(receiver.requests).toHaveLength(1);
  });

  // Refused before any connection: the public address is never tried either.
  it('refuses, in production mode, a name one of whose addresses is loopback', async () => {
    const service = kit.deliveryService({ policy: { allowPrivate: false }, resolver: resolver(1000) });
    const { id } = await notificationTo(receiver.url('split.client.example'));
    const before = receiver.requests.length;
    await expect(service.attempt(id)).resolves.toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: 'callback address 127.0.0.1 is not allowed (loopback; resolved from split.client.example)',
    });
    expect(receiver.requests.length).toBe(before);
  });
});
