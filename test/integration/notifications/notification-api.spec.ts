import { Webhook } from 'standardwebhooks';
import { notificationRedeliveryWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { ORDER_STATES } from '@libs/orders/order-state';
import { DocumentLinkSigner } from '@libs/notifications/document-links/document-link.signer';
import { OrderRepository } from '@libs/orders/order.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { extractPdfText } from '../../support/pdf-text';
import { type TestResponse } from '../../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { orderBody } from '../../support/order-fixtures';
import {
  type SignedInAccount,
  accountAdministration,
  createSignedInAccount,
  createTestAccount,
  signIn,
} from '../../support/test-accounts';
import { waitFor } from '../../support/wait-for';
import { recordWorkflowHistory } from '../../support/workflow-history-recorder';
import { type ReceivedWebhook } from '../../support/webhook-receiver';

interface LogEntry {
  attempt_count: number;
  attempts: Record<string, unknown>[];
  created: string;
  delivered: string | null;
  failed: string | null;
  id: string;
  last_error: string | null;
  not_sent: string | null;
  status: string;
  test: boolean;
}

const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('notifications API: delivery log, redelivery, test events, signed document links', () => {
  let stack: LifecycleStack;
  let stranger: SignedInAccount;

  beforeAll(async () => {
    stack = await startLifecycleStack();
    stranger = await createSignedInAccount(stack.api);
  });
  afterAll(() => stack.close());

  async function createOrder(overrides: Record<string, unknown>, account = stack.account): Promise<string> {
    const res = await stack.http.post('/order/', orderBody(overrides), account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { orderid: string } }).payload.orderid;
  }

  async function waitState(orderid: string, state: string): Promise<void> {
    await waitFor(async () => (await stateOf(orderid)) === state, { what: `${orderid} ${state}` });
  }

  async function stateOf(orderid: string): Promise<string> {
    const res = await stack.http.get(`/order/${orderid}`, stack.account.headers);
    return (res.json as { payload: { state: string } }).payload.state;
  }

  async function logOf(orderid: string, account = stack.account): Promise<LogEntry[]> {
    const res = await stack.http.get(`/order/${orderid}/notifications`, account.headers);
    expect(res.status).toBe(200);
    return (res.json as { payload: { notifications: LogEntry[] } }).payload.notifications;
  }

  const withWebhookId = (id: string): ReceivedWebhook[] =>
    stack.receiver.received.filter((w) => w.headers['webhook-id'] === id);

  function verify(webhook: ReceivedWebhook, secret: string): void {
    expect(() =>
      new Webhook(secret).verify(webhook.raw, webhook.headers as Record<string, string>),
    ).not.toThrow();
  }

  function expectError(res: TestResponse, status: number, message: string | RegExp): void {
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ message: expect.stringMatching(message), payload: null, success: false });
  }

  /** A live order through its whole lifecycle, with its three notifications delivered. */
  let liveOrder: string;
  beforeAll(async () => {
    // There is no default extranet: a live order gives its syndic's (the stack's syndic extranet).
    liveOrder = await createOrder({
      test_mode: false,
      external_id: 'DOSSIER-LOG',
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 's3cret', url: stack.syndicExtranetUrl },
    });
    await waitState(liveOrder, 'done');
    await waitFor(() => stack.receiver.statusesOf(liveOrder).length === 3, { what: 'notifications' });
    // The receiver answered before the attempt was logged: wait for the log too.
    await waitFor(async () => (await logOf(liveOrder)).every((n) => n.delivered !== null), {
      what: 'deliveries logged',
    });
  });

  describe('GET /order/<orderid>/notifications', () => {
    it('lists every notification and attempt, snake_case, keys in alphabetical order, ISO dates', async () => {
      const res = await stack.http.get(`/order/${liveOrder}/notifications`, stack.account.headers);
      expect(res.status).toBe(200);
      const body = res.json as { message: unknown; payload: { notifications: LogEntry[] }; success: boolean };
      expect(Object.keys(body)).toEqual(['message', 'payload', 'success']);
      expect(body.message).toBeNull();
      expect(body.success).toBe(true);
      const { notifications } = body.payload;
      expect(notifications.map((n) => n.status)).toEqual(['confirmed', 'received', 'done']);
      // The id is the webhook-id the receiver saw.
      expect(notifications.map((n) => n.id)).toEqual(
        stack.receiver.forOrder(liveOrder).map((w) => w.headers['webhook-id']),
      );
      for (const entry of notifications) {
        expect(Object.keys(entry)).toEqual([
          'attempt_count',
          'attempts',
          'created',
          'delivered',
          'failed',
          'id',
          'last_error',
          'not_sent',
          'status',
          'test',
        ]);
        expect(entry).toMatchObject({
          attempt_count: 1,
          failed: null,
          last_error: null,
          not_sent: null,
          test: false,
        });
        expect(entry.created).toMatch(ISO_DATE);
        expect(entry.delivered).toMatch(ISO_DATE);
        expect(entry.attempts).toHaveLength(1);
        const [attempt] = entry.attempts;
        expect(Object.keys(attempt!)).toEqual([
          'attempted_at',
          'error',
          'http_status',
          'latency_ms',
          'response_excerpt',
          'url',
        ]);
        expect(attempt).toMatchObject({
          error: null,
          http_status: 200,
          latency_ms: expect.any(Number),
          response_excerpt: 'ok',
          url: stack.receiver.url,
        });
        expect(attempt!.attempted_at).toMatch(ISO_DATE);
      }
    });

    it('pages with limit and cursor, oldest first, and refuses a limit or cursor it did not give, in French', async () => {
      const orderid = await createOrder({ test_mode: true, external_id: 'ESSAI-PAGES' });
      await waitState(orderid, 'done');
      for (const event of ['received', 'waiting', 'need-refresh']) {
        const res = await stack.http.post('/test/webhook-events', { orderid, event }, stack.account.headers);
        expect(res.status).toBe(200);
      }
      const whole = await logOf(orderid);
      expect(whole).toHaveLength(6);

      const pages: LogEntry[][] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '?limit=4' : `?limit=4&cursor=${cursor}`;
        const res = await stack.http.get(`/order/${orderid}/notifications${query}`, stack.account.headers);
        expect(res.status).toBe(200);
        const page = (res.json as { payload: { next_cursor: string | null; notifications: LogEntry[] } })
          .payload;
        expect(Object.keys(page)).toEqual(['next_cursor', 'notifications']);
        pages.push(page.notifications);
        cursor = page.next_cursor;
      } while (cursor !== null && pages.length < 10);
      expect(pages.map((page) => page.length)).toEqual([4, 2]);
      expect(pages.flat().map((n) => n.id)).toEqual(whole.map((n) => n.id));

      const get = (query: string) =>
        stack.http.get(`/order/${orderid}/notifications${query}`, stack.account.headers);
      expectError(await get('?limit=0'), 400, /^Le paramètre 'limit' doit être un entier entre 1 et 100$/);
      expectError(await get('?limit=101'), 400, /^Le paramètre 'limit' doit être un entier entre 1 et 100$/);
      expectError(
        await get('?limit=2&limit=3'),
        400,
        /^Le paramètre 'limit' ne doit figurer qu'une fois dans l'adresse$/,
      );
      expectError(await get('?cursor=bm90LWEtY3Vyc29y'), 400, /^Le paramètre 'cursor' n'est pas valide$/);
      // A cursor of another order's log is not this one's.
      const [other] = await logOf(liveOrder);
      const foreign = Buffer.from(other!.id).toString('base64url');
      expectError(await get(`?cursor=${foreign}`), 400, /^Le paramètre 'cursor' n'est pas valide$/);
    });

    it('answers 404 for another account’s order, an unknown or a malformed order id', async () => {
      expectError(
        await stack.http.get(`/order/${liveOrder}/notifications`, stranger.headers),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await stack.http.get('/order/ZZZZZZ/notifications', stack.account.headers),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await stack.http.get('/order/not-an-id/notifications', stack.account.headers),
        404,
        /^Commande introuvable$/,
      );
    });
  });

  describe('POST /order/<orderid>/notifications/<id>/redeliver', () => {
    it('sends the notification again now with the same webhook-id, both signatures valid', async () => {
      const done = (await logOf(liveOrder)).find((n) => n.status === 'done')!;
      const res = await stack.http.post(
        `/order/${liveOrder}/notifications/${done.id}/redeliver`,
        undefined,
        stack.account.headers,
      );
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        message: null,
        payload: { id: done.id, orderid: liveOrder, status: 'done' },
        success: true,
      });
      const [first, second] = await waitFor(
        () => (withWebhookId(done.id).length === 2 ? withWebhookId(done.id) : null),
        { what: 'the redelivery' },
      );
      for (const webhook of [first!, second!]) verify(webhook, stack.account.webhookSecret);
      expect(second!.body).toEqual(first!.body);
      await waitFor(async () => (await logOf(liveOrder)).find((n) => n.id === done.id)!.attempt_count === 2, {
        what: 'the redelivery logged',
      });
      const after = (await logOf(liveOrder)).find((n) => n.id === done.id)!;
      expect(after.delivered).toBe(done.delivered);
      expect(after.attempts.map((a) => a.http_status)).toEqual([200, 200]);
      const redelivery = stack.api.temporal.workflow.getHandle(notificationRedeliveryWorkflowId(done.id));
      await waitFor(async () => (await redelivery.describe()).status.name === 'COMPLETED', {
        what: 'the redelivery workflow closed',
      });
      await recordWorkflowHistory(
        stack.api.config.temporal.address,
        notificationRedeliveryWorkflowId(done.id),
        'notification-redelivery',
      );
    });

    it('answers 404 for an unknown notification, one of another order, or another account', async () => {
      const other = await createOrder({ test_mode: true });
      await waitState(other, 'done');
      const [foreign] = await logOf(other);
      const path = (orderid: string, id: string) => `/order/${orderid}/notifications/${id}/redeliver`;
      expectError(
        await stack.http.post(path(liveOrder, foreign!.id), undefined, stack.account.headers),
        404,
        /^Notification introuvable$/,
      );
      expectError(
        await stack.http.post(
          path(liveOrder, '00000000-0000-4000-8000-000000000000'),
          undefined,
          stack.account.headers,
        ),
        404,
        /^Notification introuvable$/,
      );
      expectError(
        await stack.http.post(path(liveOrder, 'nope'), undefined, stack.account.headers),
        404,
        /^Notification introuvable$/,
      );
      expectError(
        await stack.http.post(path(other, foreign!.id), undefined, stranger.headers),
        404,
        /^Commande introuvable$/,
      );
    });
  });

  describe('an order whose account has no callback URL', () => {
    it('logs each notification as not sent, neither delivered nor failed, and sends one redelivered once a URL is set', async () => {
      const test = await createTestAccount(stack.api);
      const account = await signIn(stack.api, test);
      const orderid = await createOrder({ test_mode: true, external_id: 'SANS-URL' }, account);
      const log = await waitFor(
        async () => {
          const entries = await logOf(orderid, account);
          const settled = entries.length === 3 && entries.every((n) => typeof n.not_sent === 'string');
          return settled ? entries : null;
        },
        { what: 'notifications settled as not sent' },
      );
      expect(log.map((n) => n.status)).toEqual(['confirmed', 'received', 'done']);
      for (const entry of log) {
        expect(entry).toMatchObject({
          attempt_count: 0,
          attempts: [],
          delivered: null,
          failed: null,
          last_error: 'not sent: neither the order nor the account has a callback URL',
          not_sent: expect.stringMatching(ISO_DATE),
        });
      }

      // Asked while there is still no URL anywhere, a redelivery could only be not sent again: refused,
      // and nothing started.
      const done = log[2]!;
      expectError(
        await stack.http.post(`/order/${orderid}/notifications/${done.id}/redeliver`, {}, account.headers),
        409,
        /^Ni la commande ni le compte n’ont d’URL de rappel : la notification ne peut pas être envoyée\./,
      );
      await expect(
        stack.api.temporal.workflow.getHandle(notificationRedeliveryWorkflowId(done.id)).describe(),
      ).rejects.toMatchObject({ name: 'WorkflowNotFoundError' });

      await accountAdministration(stack.api).setCallbackUrl(test.email, stack.receiver.url);
      const res = await stack.http.post(
        `/order/${orderid}/notifications/${done.id}/redeliver`,
        {},
        account.headers,
      );
      expect(res.status).toBe(200);
      await waitFor(() => withWebhookId(done.id).length === 1, { what: 'the redelivered done' });
      const after = await waitFor(
        async () => (await logOf(orderid, account)).find((n) => n.id === done.id && n.delivered !== null),
        { what: 'the redelivery logged' },
      );
      expect(after).toMatchObject({ attempt_count: 1, failed: null, last_error: null, not_sent: null });
      // The earlier ones stay as they were: nothing is sent that was not asked for.
      expect(stack.receiver.forOrder(orderid)).toHaveLength(1);
    });
  });

  describe('POST /test/webhook-events and /order/test/webhook-events', () => {
    it('sends each status through the signed, logged pipeline without changing the order', async () => {
      const orderid = await createOrder({ test_mode: true, external_id: 'ESSAI-EVENTS' });
      await waitState(orderid, 'done');
      const eventsBefore = await new OrderRepository(stack.api.dataSource).listEvents(orderid);

      for (const [i, event] of ORDER_STATES.entries()) {
        const route = i % 2 === 0 ? '/test/webhook-events' : '/order/test/webhook-events';
        const res = await stack.http.post(route, { orderid, event }, stack.account.headers);
        expect(res.status).toBe(200);
        const body = res.json as { message: string; payload: Record<string, string>; success: boolean };
        expect(body.message).toBe('Notification de test envoyée');
        expect(body.success).toBe(true);
        expect(Object.keys(body.payload)).toEqual(['event', 'notification_id', 'orderid']);
        expect(body.payload).toMatchObject({ event, orderid });
        const [webhook] = await waitFor(
          () =>
            withWebhookId(body.payload.notification_id!).length > 0
              ? withWebhookId(body.payload.notification_id!)
              : null,
          { what: `the ${event} test notification` },
        );
        verify(webhook!, stack.account.webhookSecret);
        expect(webhook!.body).toMatchObject({ status: event, orderid, external_id: 'ESSAI-EVENTS' });
        if (event === 'done') {
          // The order has a pre-statement: the test notification carries it.
          const document = await fetch(`${stack.api.baseUrl}/order/${orderid}/document`, {
            headers: stack.account.headers,
          });
          const pdf = Buffer.from(await document.arrayBuffer());
          expect(webhook!.body.content).toBe(pdf.toString('base64'));
        } else {
          expect(webhook!.body).not.toHaveProperty('content');
        }
      }

      expect(await stateOf(orderid)).toBe('done');
      expect(await new OrderRepository(stack.api.dataSource).listEvents(orderid)).toHaveLength(
        eventsBefore.length,
      );
      // The receiver had the last one before its attempt was logged: wait for the log too.
      await waitFor(
        async () => (await logOf(orderid)).filter((n) => n.test).every((n) => n.delivered !== null),
        { what: 'the test notifications logged as delivered' },
      );
      const log = await logOf(orderid);
      expect(log.filter((n) => n.test).map((n) => n.status)).toEqual([...ORDER_STATES]);
      expect(log.filter((n) => n.test).every((n) => n.delivered !== null)).toBe(true);
    });

    it('carries a specimen PDF in a test done of an order without a pre-statement', async () => {
      const orderid = await createOrder({
        test_mode: true,
        syndic: { name: 'Foncia', username: 'sandbox-bad-credentials', password: 'x' },
      });
      await waitState(orderid, 'waiting');
      const res = await stack.http.post(
        '/test/webhook-events',
        { orderid, event: 'done' },
        stack.account.headers,
      );
      expect(res.status).toBe(200);
      const id = (res.json as { payload: { notification_id: string } }).payload.notification_id;
      const [webhook] = await waitFor(() => (withWebhookId(id).length > 0 ? withWebhookId(id) : null), {
        what: 'the test done',
      });
      verify(webhook!, stack.account.webhookSecret);
      const pdf = Buffer.from(String(webhook!.body.content), 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await extractPdfText(pdf)).text).toContain('SPÉCIMEN');
      expect(await stateOf(orderid)).toBe('waiting');
    });

    it('refuses a live order (409), another account’s (404) and an invalid body (400), in French', async () => {
      expectError(
        await stack.http.post(
          '/test/webhook-events',
          { orderid: liveOrder, event: 'done' },
          stack.account.headers,
        ),
        409,
        /^Les notifications de test ne concernent que les commandes en mode test$/,
      );
      const mine = await createOrder({ test_mode: true });
      expectError(
        await stack.http.post(
          '/order/test/webhook-events',
          { orderid: mine, event: 'done' },
          stranger.headers,
        ),
        404,
        /^Commande introuvable$/,
      );
      expectError(
        await stack.http.post(
          '/test/webhook-events',
          { orderid: mine, event: 'shipped' },
          stack.account.headers,
        ),
        400,
        /^Le champ 'event' doit valoir 'confirmed' ou 'received' ou 'waiting' ou 'done' ou 'need-refresh'$/,
      );
      expectError(
        await stack.http.post('/test/webhook-events', { event: 'done' }, stack.account.headers),
        400,
        /^Le champ 'orderid' est obligatoire$/,
      );
      expect((await logOf(mine)).filter((n) => n.test)).toHaveLength(0);
    });
  });

  describe('GET /documents/<id> (signed links of done notifications)', () => {
    it('serves the document for a valid link, 404 when tampered, 410 when expired', async () => {
      const sharing = await signIn(
        stack.api,
        await createTestAccount(stack.api, { callbackUrl: stack.receiver.url, shareDocuments: true }),
      );
      const orderid = await createOrder({ test_mode: true }, sharing);
      await waitFor(() => stack.receiver.statusesOf(orderid).includes('done'), { what: 'done notification' });
      const done = stack.receiver.forOrder(orderid).find((w) => w.body.status === 'done')!;
      const documents = done.body.documents as { id: number; mimetype: string; url: string }[];
      expect(documents.length).toBeGreaterThan(0);
      const [document] = documents;
      const link = new URL(document!.url);
      expect(link.pathname).toBe(`/documents/${document!.id}`);
      const pathAndQuery = `${link.pathname}${link.search}`;

      // No bearer token: the signature is the authorisation.
      const res = await fetch(`${stack.api.baseUrl}${pathAndQuery}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(document!.mimetype);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      const stored = await new StoredDocumentRepository(stack.api.dataSource).findById(document!.id);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals(await stack.api.documentStore.get(stored!.storageKey))).toBe(true);

      const signature = link.searchParams.get('signature')!;
      const tampered = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BA' : 'AA');
      const invalid = /^Lien de document invalide$/;
      expectError(
        await stack.http.get(
          `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${tampered}`,
        ),
        404,
        invalid,
      );
      expectError(
        await stack.http.get(
          `/documents/${document!.id + 1}?expires=${link.searchParams.get('expires')}&signature=${signature}`,
        ),
        404,
        invalid,
      );
      expectError(
        await stack.http.get(
          `${link.pathname}?expires=${Number(link.searchParams.get('expires')) + 1}&signature=${signature}`,
        ),
        404,
        invalid,
      );
      expectError(await stack.http.get(link.pathname), 404, invalid);

      const expired = new URL(
        DocumentLinkSigner.fromConfig(stack.api.config).signDocumentLink(
          document!.id,
          new Date(Date.now() - 1000),
        ),
      );
      expectError(
        await stack.http.get(`${expired.pathname}${expired.search}`),
        410,
        /^Ce lien de document a expiré : relancez la notification pour obtenir un nouveau lien$/,
      );
    });
  });
});
