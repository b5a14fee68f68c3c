import { Webhook } from 'standardwebhooks';
import { Doctype } from '@libs/orders/doctype';
import { ORDER_STATES, type OrderState } from '@libs/orders/order-state';
import { type NotificationBody } from '@libs/notifications/delivery/notification-payload.builder';
import { type StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { PreStatementGenerationService } from '@libs/pre-statement/pre-statement-generation.service';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { confirmed } from '@libs/statement/statement-field';
import { buildAccountStatement } from '../../support/pre-statement-input.factory';
import {
  type NotificationTestKit,
  type TestAccountRow,
  TestReceiver,
  answer,
  createAccount,
  createOrder,
  openNotificationTestKit,
  storeDocument,
  storePreStatement,
} from './notification-fixtures';

/** What one contract option combination's order looks like, created once per combination. */
interface Setup {
  account: TestAccountRow;
  order: OrderEntity;
  pdf: Buffer;
  documents: StoredDocumentEntity[];
}

const OPTIONS = [
  { shareDocuments: false, shareRegistrationId: false },
  { shareDocuments: true, shareRegistrationId: false },
  { shareDocuments: false, shareRegistrationId: true },
  { shareDocuments: true, shareRegistrationId: true },
];

describe('notification body and signature (docs/contract.md §6)', () => {
  let kit: NotificationTestKit;
  let receiver: TestReceiver;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    receiver = await TestReceiver.start();
  });

  afterAll(async () => {
    await receiver.close();
    await kit.close();
  });

  async function setUp(options: (typeof OPTIONS)[number]): Promise<Setup> {
    const account = await createAccount(kit, { callbackUrl: receiver.url(), ...options });
    const order = await createOrder(kit, account.id);
    const pdf = await storePreStatement(kit, order);
    // Stored in reverse type order: the body lists them by type.
    const maintenance = await storeDocument(kit, order, {
      doctype: Doctype.MaintenanceLog,
      title: 'Carnet d’entretien',
      documentDate: null,
      createdAt: new Date('2025-03-24T23:30:00Z'),
    });
    const minutes = await storeDocument(kit, order, {
      doctype: Doctype.Minutes,
      title: 'PV AG 2024',
      documentDate: '2024-06-12',
    });
    return { account, order, pdf, documents: [minutes, maintenance] };
  }

  /** Sends one notification and returns the one request the receiver got for it, verified. */
  async function deliver(setup: Setup, status: OrderState) {
    const id = await kit.notifications.create({
      orderid: setup.order.orderid,
      status,
      orderVersion: setup.order.version,
      test: false,
    });
    const before = receiver.requests.length;
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });
    expect(receiver.requests).toHaveLength(before + 1);
    const request = receiver.requests[before]!;
    // The receiver verifies the raw bytes with the public library, exactly as a client would.
    const verified = new Webhook(setup.account.webhookSecret).verify(
      request.rawBody,
      request.headers as Record<string, string>,
    );
    return { id, request, body: verified as NotificationBody };
  }

  describe.each(OPTIONS)(
    'with share_documents=$shareDocuments and share_registration_id=$shareRegistrationId',
    (options) => {
      let setup: Setup;
      beforeAll(async () => {
        setup = await setUp(options);
      });

      it.each(ORDER_STATES.filter((s) => s !== 'done'))(
        'a %s notification carries status, orderid and external_id only',
        async (status) => {
          const { body, request, id } = await deliver(setup, status);
          expect(body).toEqual({ status, orderid: setup.order.orderid, external_id: 'DOSSIER-42' });
          expect(Object.keys(body)).toEqual(['status', 'orderid', 'external_id']);
          expect(request.headers['webhook-id']).toBe(id);
        },
      );

      it('a done notification carries the pre-statement, and the shared fields the contract allows', async () => {
        const { body } = await deliver(setup, 'done');
        const expectedKeys = [
          'status',
          'orderid',
          'external_id',
          'content',
          ...(options.shareRegistrationId ? ['registration_id'] : []),
          ...(options.shareDocuments ? ['documents'] : []),
        ];
        expect(Object.keys(body)).toEqual(expectedKeys);
        expect(body.status).toBe('done');
        expect(Buffer.from(body.content!, 'base64').equals(setup.pdf)).toBe(true);
        if (options.shareRegistrationId) expect(body.registration_id).toBe('AB1234567');
        if (options.shareDocuments) {
          const [minutes, maintenance] = setup.documents as [StoredDocumentEntity, StoredDocumentEntity];
          expect(body.documents).toEqual([
            {
              id: minutes.id,
              doctype: 2,
              delivered: '2024-06-12',
              comment: '',
              mimetype: 'application/pdf',
              url: expect.any(String),
            },
            {
              id: maintenance.id,
              doctype: 7,
              // No document date: the day it was stored, in Paris.
              delivered: '2025-03-25',
              comment: '',
              mimetype: 'application/pdf',
              url: expect.any(String),
            },
          ]);
          for (const document of body.documents!) expectValidLink(document.id, document.url);
        }
      });
    },
  );

  function expectValidLink(id: number, link: string): void {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${kit.config.http.publicBaseUrl}/documents/${id}`);
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const now = new Date();
    expect(kit.links.verifyDocumentLink(url.pathname.split('/').pop()!, expires, signature, now)).toBe(
      'valid',
    );
    expect(Number(expires) * 1000 - now.getTime()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(kit.links.verifyDocumentLink(String(id + 1), expires, signature, now)).toBe('invalid');
    expect(kit.links.verifyDocumentLink(String(id), String(Number(expires) + 3600), signature, now)).toBe(
      'invalid',
    );
    const tampered = `${signature.slice(0, 10)}${signature[10] === 'x' ? 'y' : 'x'}${signature.slice(11)}`;
    expect(kit.links.verifyDocumentLink(String(id), expires, tampered, now)).toBe('invalid');
    const afterExpiry = new Date(Number(expires) * 1000 + 1000);
    expect(kit.links.verifyDocumentLink(String(id), expires, signature, afterExpiry)).toBe('expired');
  }

  it('sends the exact bytes it signed, as JSON, with the service user agent', async () => {
    const setup = await setUp({ shareDocuments: true, shareRegistrationId: true });
    const { request, body } = await deliver(setup, 'done');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/hooks/pre-etat');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toBe('pre-statement-service-webhooks/1');
    expect(Number(request.headers['content-length'])).toBe(request.rawBody.length);
    expect(request.rawBody.toString('utf8')).toBe(JSON.stringify(body));
    // A single changed byte fails the receiver's verification.
    const altered = Buffer.from(request.rawBody);
    altered[altered.length - 2] ^= 1;
    expect(() =>
      new Webhook(setup.account.webhookSecret).verify(altered, request.headers as Record<string, string>),
    ).toThrow();
    // The signature is the account's: another secret does not verify it.
    const other = await createAccount(kit);
    expect(() =>
      new Webhook(other.webhookSecret).verify(request.rawBody, request.headers as Record<string, string>),
    ).toThrow('No matching signature');
  });

  it("sends external_id as '' when the client gave none, and an empty registration_id when none was collected", async () => {
    const account = await createAccount(kit, { callbackUrl: receiver.url(), shareRegistrationId: true });
    const order = await createOrder(kit, account.id, { externalId: '', statement: null });
    await storePreStatement(kit, order);
    const { body } = await deliver({ account, order, pdf: Buffer.alloc(0), documents: [] }, 'done');
    expect(body.external_id).toBe('');
    expect(body.registration_id).toBe('');
    const waiting = await deliver({ account, order, pdf: Buffer.alloc(0), documents: [] }, 'waiting');
    expect(waiting.body).toEqual({ status: 'waiting', orderid: order.orderid, external_id: '' });
  });

  it('a done notification carries the registration number of its own round, after a refresh collected another', async () => {
    const account = await createAccount(kit, {
      callbackUrl: receiver.url(),
      shareRegistrationId: true,
      shareDocuments: true,
    });
    const order = await createOrder(kit, account.id);
    const orders = new OrderRepository(kit.dataSource);
    const preStatements = new PreStatementGenerationService(
      orders,
      new StoredDocumentRepository(kit.dataSource),
      new PreStatementRepository(kit.dataSource),
      kit.store,
    );
    await preStatements.generate(order.orderid, 1, new Date());
    // Round 2 (a refresh) collects a statement naming another registration number; its own pre-statement
    // is not made yet.
    await kit.dataSource.getRepository(OrderEntity).update({ orderid: order.orderid }, { version: 2 });
    const second = buildAccountStatement();
    second.coOwnership.registrationNumber = confirmed('CD7654321');
    await orders.saveStatement(order.orderid, 2, second);
    // Round 1's done notification, late (its receiver was down) or redelivered.
    const { body } = await deliver({ account, order, pdf: Buffer.alloc(0), documents: [] }, 'done');
    expect(body.registration_id).toBe('AB1234567');
    const roundOne = await new PreStatementRepository(kit.dataSource).findForOrderVersion(order.orderid, 1);
    expect(Buffer.from(body.content!, 'base64').equals(await kit.store.get(roundOne!.storageKey))).toBe(true);
  });

  it("sends to the order's callback URL rather than the account's when it has one", async () => {
    const other = await TestReceiver.start();
    try {
      const account = await createAccount(kit, { callbackUrl: receiver.url() });
      const order = await createOrder(kit, account.id, { callbackUrl: other.url('127.0.0.1', '/override') });
      const id = await kit.notifications.create({
        orderid: order.orderid,
        status: 'received',
        orderVersion: 1,
        test: false,
      });
      const before = receiver.requests.length;
      await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });
      expect(other.requests.map((r) => r.url)).toEqual(['/override']);
      expect(receiver.requests).toHaveLength(before);
    } finally {
      await other.close();
    }
  });

  it('answers no-callback, sending nothing, when neither the order nor the account has a URL', async () => {
    const account = await createAccount(kit);
    const order = await createOrder(kit, account.id);
    const id = await kit.notifications.create({
      orderid: order.orderid,
      status: 'confirmed',
      orderVersion: 1,
      test: false,
    });
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'no-callback' });
    expect(await kit.notifications.findById(id)).toMatchObject({
      attemptCount: 0,
      deliveredAt: null,
      failedAt: null,
      notSentAt: expect.any(Date),
      lastError: 'not sent: neither the order nor the account has a callback URL',
    });
  });

  it('a notification left without a callback URL after failed attempts is not sent, and not a failing endpoint', async () => {
    const failing = await TestReceiver.start(answer(500, 'en panne'));
    try {
      const account = await createAccount(kit);
      const order = await createOrder(kit, account.id, { callbackUrl: failing.url() });
      const id = await kit.notifications.create({
        orderid: order.orderid,
        status: 'received',
        orderVersion: 1,
        test: false,
      });
      await expect(kit.deliveryService().attempt(id)).resolves.toMatchObject({ kind: 'retry' });
      const later = new Date(Date.now() + 3600_000);
      expect((await kit.notifications.failingSince(later, 1000)).map((f) => f.notificationId)).toContain(id);
      // The client removes the URL (an order's own override here): the next attempt has nowhere to go.
      await kit.dataSource
        .getRepository(OrderEntity)
        .update({ orderid: order.orderid }, { callbackUrl: null });
      await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'no-callback' });
      expect(await kit.notifications.findById(id)).toMatchObject({
        attemptCount: 1,
        notSentAt: expect.any(Date),
        lastError: 'not sent: neither the order nor the account has a callback URL',
      });
      expect((await kit.notifications.failingSince(later, 1000)).map((f) => f.notificationId)).not.toContain(
        id,
      );
      expect(failing.requests).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('a test done notification of an order without a pre-statement carries the specimen PDF', async () => {
    const account = await createAccount(kit, { callbackUrl: receiver.url(), shareDocuments: true });
    const order = await createOrder(kit, account.id, { state: 'received', testMode: true });
    const id = await kit.notifications.create({
      orderid: order.orderid,
      status: 'done',
      orderVersion: 1,
      test: true,
    });
    const before = receiver.requests.length;
    await expect(kit.deliveryService().attempt(id)).resolves.toEqual({ kind: 'delivered' });
    const body = JSON.parse(receiver.requests[before]!.rawBody.toString('utf8')) as NotificationBody;
    expect(Buffer.from(body.content!, 'base64').equals(kit.specimen)).toBe(true);
    expect(body.documents).toEqual([]);
  });

  it('does not send a live done notification without its pre-statement, and logs why', async () => {
    const account = await createAccount(kit, { callbackUrl: receiver.url() });
    const order = await createOrder(kit, account.id, { state: 'received' });
    const id = await kit.notifications.create({
      orderid: order.orderid,
      status: 'done',
      orderVersion: 1,
      test: false,
    });
    const before = receiver.requests.length;
    const outcome = await kit.deliveryService().attempt(id);
    expect(outcome).toEqual({
      kind: 'retry',
      retryAfterMs: null,
      error: `notification not sent: no pre-statement for order ${order.orderid} version 1`,
    });
    expect(receiver.requests).toHaveLength(before);
    const [log] = await kit.notifications.listForOrder(order.orderid);
    expect(log?.attempts.map((a) => [a.httpStatus, a.error])).toEqual([
      [null, outcome.kind === 'retry' && outcome.error],
    ]);
  });
});
