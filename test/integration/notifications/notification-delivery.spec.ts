import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createNotificationDeliveryService } from '@libs/notifications/delivery/notification-delivery.factory';
import { type EntitySubscriberInterface } from 'typeorm';
import { type NotificationAttemptEntity } from '@libs/persistence/entities/notification-attempt.entity';
import { NotificationEntity } from '@libs/persistence/entities/notification.entity';
import { closedPort } from '../../support/closed-port';
import { accountAdministration } from '../../support/test-accounts';
import {
  type NotificationTestKit,
  type TestAccountRow,
  TestReceiver,
  answer,
  createAccount,
  createNotification,
  createOrder,
  openNotificationTestKit,
} from './notification-fixtures';

describe('notification delivery: retries, log and outcomes', () => {
  let kit: NotificationTestKit;
  let receiver: TestReceiver;
  let account: TestAccountRow;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    receiver = await TestReceiver.start();
    account = await createAccount(kit);
  });

  afterAll(async () => {
    await receiver.close();
    await kit.close();
  });

  /** A `received` notification of a fresh order whose callback is `url`. */
  async function notificationTo(url: string): Promise<{ id: string; orderid: string }> {
    const order = await createOrder(kit, account.id, { state: 'received', callbackUrl: url });
    const id = await createNotification(kit, order.orderid);
    return { id, orderid: order.orderid };
  }

  async function attemptsOf(orderid: string): Promise<NotificationAttemptEntity[]> {
    const [log] = await kit.notifications.listForOrder(orderid);
    return log?.attempts ?? [];
  }

  it('retries after a 500, logging status and the first 1 KiB of the answer, with a stable webhook-id', async () => {
    const { id, orderid } = await notificationTo(receiver.url());
    const before = receiver.requests.length;
    receiver.respondWith(answer(500, `panne ${'x'.repeat(5000)}`));
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: 'HTTP 500',
    });
    receiver.respondWith(answer(204));
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });

    const sent = receiver.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    for (const request of sent) {
      expect(() =>
        new Webhook(account.webhookSecret).verify(request.rawBody, request.headers as Record<string, string>),
      ).not.toThrow();
    }

    const attempts = await attemptsOf(orderid);
    expect(attempts.map((a) => [a.httpStatus, a.error])).toEqual([
      [500, 'HTTP 500'],
      [204, null],
    ]);
    expect(attempts[0]!.responseExcerpt).toBe(`panne ${'x'.repeat(1018)}`);
    expect(attempts[0]!.url).toBe(receiver.url());
    expect(attempts[0]!.latencyMs).toEqual(expect.any(Number));
    expect(attempts[0]!.attemptedAt.getTime()).toBeLessThanOrEqual(attempts[1]!.attemptedAt.getTime());
    const notification = await kit.notifications.findById(id);
    expect(notification).toMatchObject({ attemptCount: 2, lastError: null, failedAt: null });
    expect(notification?.deliveredAt).toBeInstanceOf(Date);
  });

  it('sends the credentials of a callback URL as HTTP Basic, and logs the URL with its password masked', async () => {
    // They were dropped: a receiver behind Basic authentication refused every notification.
    const url = new URL(receiver.url());
    url.username = 'étude';
    url.password = 'p@ss:wörd';
    const { id, orderid } = await notificationTo(url.href);
    const before = receiver.requests.length;
    receiver.respondWith(answer(204));
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });

    const [sent] = receiver.requests.slice(before);
    const expected = Buffer.from('étude:p@ss:wörd', 'utf8').toString('base64');
    expect(sent!.headers.authorization).toBe(`Basic ${expected}`);
    const [attempt] = await attemptsOf(orderid);
    expect(attempt!.url).toBe(url.href.replace(encodeURIComponent('p@ss:wörd'), '***'));
    expect(attempt!.url).not.toContain('p%40ss');
  });

  it('signs with a rotated secret and the one it replaced while its grace lasts, then with the new one only', async () => {
    // Rotation replaced the secret at once: every notification sent before the client deployed the new
    // one failed its check.
    const rotating = await createAccount(kit);
    const rotated = await accountAdministration(kit).rotateWebhookSecret(rotating.email, 3_600_000);
    expect(Date.parse(rotated.previous_secret_valid_until!) - Date.now()).toBeGreaterThan(3_500_000);
    const shown = await accountAdministration(kit).show(rotating.email);
    expect(shown.previous_secret_valid_until).toBe(rotated.previous_secret_valid_until);
    const deliver = async () => {
      const order = await createOrder(kit, rotating.id, { state: 'received', callbackUrl: receiver.url() });
      const id = await createNotification(kit, order.orderid);
      const before = receiver.requests.length;
      receiver.respondWith(answer(204));
      await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });
      return receiver.requests[before]!;
    };
    const verifies = (request: { rawBody: Buffer; headers: unknown }, secret: string) => {
      try {
        new Webhook(secret).verify(
          request.rawBody.toString('utf8'),
          request.headers as Record<string, string>,
        );
        return true;
      } catch {
        return false;
      }
    };

    const during = await deliver();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(during, rotated.webhook_secret)).toBe(true);
    expect(verifies(during, rotating.webhookSecret)).toBe(true);

    await kit.dataSource.query(
      `UPDATE accounts SET previous_webhook_secret_until = now() - interval '1 second' WHERE id = $1`,
      [rotating.id],
    );
    const after = await deliver();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(after, rotated.webhook_secret)).toBe(true);
    expect(verifies(after, rotating.webhookSecret)).toBe(false);
    expect((await accountAdministration(kit).show(rotating.email)).previous_secret_valid_until).toBeNull();

    // A second rotation within the grace keeps only the secret it replaces.
    const again = await accountAdministration(kit).rotateWebhookSecret(rotating.email, 3_600_000);
    const third = await accountAdministration(kit).rotateWebhookSecret(rotating.email, 3_600_000);
    const twice = await deliver();
    expect(verifies(twice, third.webhook_secret)).toBe(true);
    expect(verifies(twice, again.webhook_secret)).toBe(true);
    expect(verifies(twice, rotated.webhook_secret)).toBe(false);

    // A grace of 0 (a leaked secret) keeps nothing, not even a secret kept by an earlier rotation.
    const leaked = await accountAdministration(kit).rotateWebhookSecret(rotating.email, 0);
    expect(leaked.previous_secret_valid_until).toBeNull();
    const immediate = await deliver();
    expect(String(immediate.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(immediate, leaked.webhook_secret)).toBe(true);
    expect(verifies(immediate, third.webhook_secret)).toBe(false);
  });

  it('sends no authorization header to a callback URL without credentials', async () => {
    const { id } = await notificationTo(receiver.url());
    const before = receiver.requests.length;
    receiver.respondWith(answer(204));
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests.slice(before)[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps the connection to a receiver for the next deliveries', async () => {
    receiver.respondWith(answer(200, 'ok'));
    const service = kit.deliveryService();
    const connectionsBefore = receiver.connections;
    for (let i = 0; i < 3; i++) {
      const { id } = await notificationTo(receiver.url());
      await expect(service.attempt(id)).resolves.toEqual({ kind: 'delivered' });
    }
    expect(receiver.connections - connectionsBefore).toBe(1);
    service.close();
  });

  it('sends again on a new connection when the receiver closed the kept one as it was reused', async () => {
    receiver.respondWith(answer(200, 'ok'));
    const service = kit.deliveryService();
    const first = await notificationTo(receiver.url());
    await expect(service.attempt(first.id)).resolves.toEqual({ kind: 'delivered' });
    // The receiver drops the reused connection without answering, as one closing it idle would.
    let dropped = false;
    receiver.respondWith((request, res) => {
      if (!dropped) {
        dropped = true;
        res.socket?.destroy();
      } else answer(200, 'ok')(request, res);
    });
    const second = await notificationTo(receiver.url());
    const sentBefore = receiver.requests.length;
    await expect(service.attempt(second.id)).resolves.toEqual({ kind: 'delivered' });
    expect(dropped).toBe(true);
    expect(receiver.requests.slice(sentBefore).map((r) => r.headers['webhook-id'])).toEqual([
      second.id,
      second.id,
    ]);
    // One attempt in the log: the resend is part of it.
    expect((await attemptsOf(second.orderid)).map((a) => a.httpStatus)).toEqual([200]);
    service.close();
  });

  describe('a batch of one order’s queue (attemptInOrder)', () => {
    /** Notifications of one fresh order, queued in this order. */
    async function queueOf(count: number): Promise<{ ids: string[]; orderid: string }> {
      const order = await createOrder(kit, account.id, { state: 'received', callbackUrl: receiver.url() });
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(await createNotification(kit, order.orderid));
      }
      return { ids, orderid: order.orderid };
    }

    it('sends in order and stops after the first that must be retried, logging every attempt', async () => {
      const { ids } = await queueOf(4);
      receiver.respondWith((request, res) =>
        answer(request.headers['webhook-id'] === ids[2] ? 503 : 200, 'ok')(request, res),
      );
      const sentBefore = receiver.requests.length;
      const outcomes = await kit.deliveryService().attemptInOrder(ids, () => true);
      expect(outcomes).toEqual([
        { kind: 'delivered' },
        { kind: 'delivered' },
        { kind: 'retry', retryAfterMs: null, error: 'HTTP 503' },
      ]);
      expect(receiver.requests.slice(sentBefore).map((r) => r.headers['webhook-id'])).toEqual(
        ids.slice(0, 3),
      );
      const logged = await Promise.all(ids.map((id) => kit.notifications.findById(id)));
      expect(logged.map((n) => [n?.attemptCount, n?.deliveredAt instanceof Date, n?.lastError])).toEqual([
        [1, true, null],
        [1, true, null],
        [1, false, 'HTTP 503'],
        [0, false, null],
      ]);
      receiver.respondWith(answer(200, 'ok'));
    });

    it('logs a batch in the order it was sent, each attempt on its notification with how it settled', async () => {
      const { ids, orderid } = await queueOf(3);
      // Characters an array literal must escape, in what the log keeps of an answer.
      const excerpt = 'reçu "a", {b}\\ c\nd';
      receiver.respondWith((request, res) =>
        answer(request.headers['webhook-id'] === ids[2] ? 410 : 200, excerpt)(request, res),
      );
      await expect(kit.deliveryService().attemptInOrder(ids, () => true)).resolves.toEqual([
        { kind: 'delivered' },
        { kind: 'delivered' },
        { kind: 'gone' },
      ]);
      const log = await kit.notifications.listForOrder(orderid);
      expect(log.map((n) => n.notification.id)).toEqual(ids);
      const attempts = log.flatMap((n) => n.attempts);
      expect(attempts.map((a) => [a.notificationId, a.httpStatus, a.responseExcerpt, a.url])).toEqual(
        ids.map((id, i) => [id, i === 2 ? 410 : 200, excerpt, receiver.url()]),
      );
      const attemptIds = attempts.map((a) => BigInt(a.id));
      expect(attemptIds).toEqual([...attemptIds].sort((a, b) => (a < b ? -1 : 1)));
      expect(
        log.map(({ notification: n }) => [
          n.attemptCount,
          n.deliveredAt instanceof Date,
          n.failedAt instanceof Date,
        ]),
      ).toEqual([
        [1, true, false],
        [1, true, false],
        [1, false, true],
      ]);
      receiver.respondWith(answer(200, 'ok'));
    });

    it('counts each attempt when one notification is logged twice at once', async () => {
      const { ids, orderid } = await queueOf(1);
      const attempt = (error: string | null, at: Date) => ({
        attempt: {
          notificationId: ids[0]!,
          attemptedAt: at,
          url: receiver.url(),
          httpStatus: error === null ? 200 : 503,
          latencyMs: 5,
          error,
          responseExcerpt: null,
        },
        settled: error === null ? { kind: 'delivered' as const, at } : null,
      });
      await kit.notifications.recordAttempts([
        attempt('HTTP 503', new Date('2026-11-27T08:00:00Z')),
        attempt(null, new Date('2026-11-27T08:00:01Z')),
      ]);
      const [log] = await kit.notifications.listForOrder(orderid);
      expect(log?.attempts.map((a) => a.httpStatus)).toEqual([503, 200]);
      expect(log?.notification).toMatchObject({
        attemptCount: 2,
        lastError: null,
        deliveredAt: new Date('2026-11-27T08:00:01Z'),
      });
    });

    it('reads the log as of one moment, though an attempt is logged between its two reads', async () => {
      // The log reads the notifications, then their attempts: an attempt logged in between (a delivery
      // answered meanwhile) showed its HTTP 200 beside a notification not delivered.
      const { ids, orderid } = await queueOf(1);
      const at = new Date('2026-11-27T09:00:00Z');
      let between: Promise<void> | null = null;
      const loggedBetween: EntitySubscriberInterface<NotificationEntity> = {
        listenTo: () => NotificationEntity,
        afterLoad: () =>
          (between ??= kit.notifications.recordAttempts([
            {
              attempt: {
                notificationId: ids[0]!,
                attemptedAt: at,
                url: receiver.url(),
                httpStatus: 200,
                latencyMs: 5,
                error: null,
                responseExcerpt: null,
              },
              settled: { kind: 'delivered', at },
            },
          ])),
      };
      kit.dataSource.subscribers.push(loggedBetween);
      let log: Awaited<ReturnType<typeof kit.notifications.listForOrder>>;
      try {
        log = await kit.notifications.listForOrder(orderid);
      } finally {
        kit.dataSource.subscribers.splice(kit.dataSource.subscribers.indexOf(loggedBetween), 1);
      }
      expect(between).not.toBeNull();
      expect(log.map((n) => [n.notification.deliveredAt, n.attempts.length])).toEqual([[null, 0]]);
      const [after] = await kit.notifications.listForOrder(orderid);
      expect([after?.notification.deliveredAt, after?.attempts.map((a) => a.httpStatus)]).toEqual([
        at,
        [200],
      ]);
    });

    it('starts no attempt once told to stop, and logs what was sent when a later one throws', async () => {
      receiver.respondWith(answer(200, 'ok'));
      const { ids } = await queueOf(2);
      await expect(kit.deliveryService().attemptInOrder(ids, () => false)).resolves.toEqual([
        { kind: 'delivered' },
      ]);
      expect((await kit.notifications.findById(ids[1]!))?.attemptCount).toBe(0);

      const { ids: next } = await queueOf(1);
      const unknown = '00000000-0000-4000-8000-000000000000';
      await expect(kit.deliveryService().attemptInOrder([next[0]!, unknown], () => true)).resolves.toEqual([
        { kind: 'delivered' },
      ]);
      expect((await kit.notifications.findById(next[0]!))?.deliveredAt).toBeInstanceOf(Date);
      await expect(kit.deliveryService().attemptInOrder([unknown], () => true)).rejects.toMatchObject({
        code: 'notification_not_found',
      });
    });
  });

  it('does not send a delivered notification again (activity retries), unless redelivery is asked', async () => {
    receiver.respondWith(answer(200, 'ok'));
    const { id, orderid } = await notificationTo(receiver.url());
    const service = kit.deliveryService();
    await expect(service.attempt(id)).resolves.toEqual({ kind: 'delivered' });
    const firstDelivery = (await kit.notifications.findById(id))!.deliveredAt;
    const before = receiver.requests.length;
    await expect(service.attempt(id)).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests).toHaveLength(before);

    await expect(service.attempt(id, { redelivery: true })).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests).toHaveLength(before + 1);
    expect(receiver.requests[before]!.headers['webhook-id']).toBe(id);
    expect((await attemptsOf(orderid)).length).toBe(2);
    expect((await kit.notifications.findById(id))!.deliveredAt).toEqual(firstDelivery);
  });

  it('sends a redelivery once: a retried redelivery activity sees its 2xx after the watermark', async () => {
    receiver.respondWith(answer(200, 'ok'));
    const { id } = await notificationTo(receiver.url());
    const service = kit.deliveryService();
    await expect(service.attempt(id)).resolves.toEqual({ kind: 'delivered' });
    const watermark = await kit.notifications.lastAttemptId(id);
    expect(watermark).not.toBe('0');
    const before = receiver.requests.length;
    const redeliver = () => service.attempt(id, { redelivery: true, redeliveryAfterAttemptId: watermark });
    await expect(redeliver()).resolves.toEqual({ kind: 'delivered' });
    await expect(redeliver()).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests).toHaveLength(before + 1);
    expect(receiver.requests[before]!.headers['webhook-id']).toBe(id);
    // A failed redelivery attempt does not count: the next one sends again.
    receiver.respondWith(answer(503, 'busy'));
    const failedWatermark = await kit.notifications.lastAttemptId(id);
    const again = () => service.attempt(id, { redelivery: true, redeliveryAfterAttemptId: failedWatermark });
    await expect(again()).resolves.toMatchObject({ kind: 'retry' });
    receiver.respondWith(answer(200, 'ok'));
    await expect(again()).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests).toHaveLength(before + 3);
  });

  it('retries when the connection is refused, logging the error', async () => {
    const port = await closedPort();
    const { id, orderid } = await notificationTo(`http://127.0.0.1:${port}/hooks`);
    const outcome = await kit.deliveryService().attempt(id);
    expect(outcome).toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    const [attempt] = await attemptsOf(orderid);
    expect(attempt).toMatchObject({
      httpStatus: null,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
      responseExcerpt: null,
    });
    expect((await kit.notifications.findById(id))?.lastError).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('stops at 410 Gone: recorded as failed, not sent again', async () => {
    receiver.respondWith(answer(410, 'unsubscribed'));
    const { id, orderid } = await notificationTo(receiver.url());
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'gone' });
    const notification = await kit.notifications.findById(id);
    expect(notification?.failedAt).toBeInstanceOf(Date);
    expect(notification?.deliveredAt).toBeNull();
    const before = receiver.requests.length;
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'gone' });
    expect(receiver.requests).toHaveLength(before);
    expect((await attemptsOf(orderid)).map((a) => [a.httpStatus, a.responseExcerpt])).toEqual([
      [410, 'unsubscribed'],
    ]);
  });

  it('follows Retry-After on 429 (seconds) and 503 (HTTP date), bounded to [1 s, 1 h]', async () => {
    receiver.respondWith(answer(429, 'slow down', { 'Retry-After': '7' }));
    const first = await notificationTo(receiver.url());
    await expect(kit.deliveryService().attempt(first.id)).resolves.toEqual({
      kind: 'retry',
      retryAfterMs: 7000,
      error: 'HTTP 429 (Retry-After: 7)',
    });

    const inTwoHours = new Date(Date.now() + 2 * 3600 * 1000).toUTCString();
    receiver.respondWith(answer(503, 'maintenance', { 'Retry-After': inTwoHours }));
    const second = await notificationTo(receiver.url());
    await expect(kit.deliveryService().attempt(second.id)).resolves.toMatchObject({
      kind: 'retry',
      retryAfterMs: 3_600_000,
    });

    receiver.respondWith(answer(503, 'maintenance'));
    const third = await notificationTo(receiver.url());
    await expect(kit.deliveryService().attempt(third.id)).resolves.toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: 'HTTP 503',
    });
  });

  it('treats a redirect as a failure and never follows it', async () => {
    const target = await TestReceiver.start();
    try {
      receiver.respondWith(answer(302, '', { Location: target.url() }));
      const { id, orderid } = await notificationTo(receiver.url());
      await expect(kit.deliveryService().attempt(id)).resolves.toEqual({
        kind: 'retry',
        retryAfterMs: null,
        error: `HTTP 302: redirect to ${target.url()} not followed`,
      });
      expect(target.requests).toHaveLength(0);
      expect((await attemptsOf(orderid))[0]?.httpStatus).toBe(302);
    } finally {
      await target.close();
    }
  });

  it('gives up an attempt after the timeout when the receiver never answers', async () => {
    const silent = await TestReceiver.start(() => {
      // Never answers.
    });
    try {
      const { id, orderid } = await notificationTo(silent.url());
      const started = Date.now();
      const outcome = await kit.deliveryService({ timeoutMs: 300 }).attempt(id);
      expect(outcome).toEqual({ kind: 'retry', retryAfterMs: null, error: 'no response within 300 ms' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(silent.requests).toHaveLength(1);
      const [attempt] = await attemptsOf(orderid);
      expect(attempt?.httpStatus).toBeNull();
      expect(attempt?.latencyMs).toBeGreaterThanOrEqual(290);
    } finally {
      await silent.close();
    }
  });

  it('lists an order’s notifications oldest first, each with its attempts', async () => {
    receiver.respondWith(answer(200));
    const order = await createOrder(kit, account.id, { state: 'waiting', callbackUrl: receiver.url() });
    const received = await kit.notifications.create({
      orderid: order.orderid,
      status: 'received',
      orderVersion: 1,
      test: false,
    });
    const waiting = await kit.notifications.create({
      orderid: order.orderid,
      status: 'waiting',
      orderVersion: 1,
      test: true,
    });
    await kit.deliveryService().attempt(received);
    const log = await kit.notifications.listForOrder(order.orderid);
    expect(
      log.map((entry) => [
        entry.notification.id,
        entry.notification.status,
        entry.notification.test,
        entry.attempts.length,
      ]),
    ).toEqual([
      [received, 'received', false, 1],
      [waiting, 'waiting', true, 0],
    ]);
  });

  it('creates a notification once for a caller-chosen id, so activity retries do not duplicate it', async () => {
    const order = await createOrder(kit, account.id);
    const id = randomUUID();
    const create = () =>
      kit.notifications.create({ id, orderid: order.orderid, status: 'done', orderVersion: 1, test: false });
    await expect(create()).resolves.toBe(id);
    await expect(create()).resolves.toBe(id);
    expect(await kit.notifications.listForOrder(order.orderid)).toHaveLength(1);
    const drawn = await kit.notifications.create({
      orderid: order.orderid,
      status: 'done',
      orderVersion: 1,
      test: false,
    });
    expect(drawn).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('runs as the worker wires it from the configuration, and records a notification given up', async () => {
    receiver.respondWith(answer(500, 'still down'));
    const service = createNotificationDeliveryService({
      config: kit.config,
      dataSource: kit.dataSource,
      secretBox: kit.security.secretBox,
      documentStore: kit.store,
    });
    const { id } = await notificationTo(receiver.url());
    await expect(service.attempt(id)).resolves.toMatchObject({ kind: 'retry', error: 'HTTP 500' });
    await service.markFailed(id, 'no 2xx within 4 days');
    expect(await kit.notifications.findById(id)).toMatchObject({
      attemptCount: 1,
      lastError: 'no 2xx within 4 days',
      failedAt: expect.any(Date),
      deliveredAt: null,
    });
    const before = receiver.requests.length;
    await expect(service.attempt(id)).resolves.toEqual({ kind: 'gone' });
    expect(receiver.requests).toHaveLength(before);
  });
});
