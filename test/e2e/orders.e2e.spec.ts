import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { confirmationEmailWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { ORDER_SEARCH_ATTRIBUTES } from '@libs/orders/search-attributes';
import { isHttpDate } from '@libs/orders/http-date';
import { OrderRepository } from '@libs/orders/order.repository';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { orderWorkflowsStarted } from '../support/order-workflows';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';
import { waitFor } from '../support/wait-for';

const SYNDIC_MESSAGE = "Informations du syndic manquantes ou incorrectes pour la méthode 'extranet'";

describe('orders API', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;
  let bob: SignedInAccount;

  beforeAll(async () => {
    app = await startApiTestApp({ env: { TEMPORAL_TASK_QUEUE: 'e2e-orders' } });
    http = new HttpTestClient(app.baseUrl);
    [alice, bob] = await Promise.all([createSignedInAccount(app), createSignedInAccount(app)]);
  });
  afterAll(() => app.close());

  const create = (body: unknown, account = alice, headers: Record<string, string> = {}) =>
    http.post('/order/', body, { ...account.headers, ...headers });
  const expectError = (res: TestResponse, status: number, message: string | RegExp) => {
    expect(res.status).toBe(status);
    expect(Object.keys(res.json as object)).toEqual(['message', 'payload', 'success']);
    expect(res.json).toEqual({ message: expect.stringMatching(message), payload: null, success: false });
  };

  describe('POST /order/', () => {
    it('creates the order, persists it and starts its workflow with search attributes right after', async () => {
      const res = await create(orderBody({ external_id: 4242 }));
      expect(res.status).toBe(200);
      const body = res.json as { message: string; payload: Record<string, unknown>; success: boolean };
      expect(body.message).toBe('Transaction créée avec succès');
      expect(body.success).toBe(true);
      expect(Object.keys(body.payload)).toEqual([
        'account',
        'billing_mode',
        'created',
        'external_id',
        'orderid',
        'pending',
        'refreshed',
        'sso_provider',
        'state',
        'test_mode',
        'updated',
      ]);
      const record = body.payload;
      expect(record).toMatchObject({
        account: alice.email,
        billing_mode: null,
        external_id: '4242',
        pending: true,
        refreshed: false,
        sso_provider: null,
        state: 'confirmed',
        test_mode: true,
      });
      expect(record.orderid).toMatch(/^[A-Z0-9]{6}$/);
      expect(isHttpDate(record.created as string)).toBe(true);
      expect(record.updated).toBe(record.created);

      const stored = await new OrderRepository(app.dataSource).findById(record.orderid as string);
      expect(stored).toMatchObject({
        state: 'confirmed',
        externalId: '4242',
        zipcode: '69003',
        syndicName: 'Foncia',
      });
      // The syndic password is sealed, never stored in clear.
      expect(stored!.syndicPasswordSealed).toMatch(/^v1\./);
      expect(stored!.syndicPasswordSealed).not.toContain('s3cret-syndic');
      const events = await new OrderRepository(app.dataSource).listEvents(record.orderid as string);
      expect(events.map((e) => e.toState)).toEqual(['confirmed']);
      // Its notification is committed with it: the workflow's first run queues it.
      expect(
        await app.dataSource.query(
          `SELECT status, test, order_version FROM notifications WHERE orderid = $1`,
          [record.orderid],
        ),
      ).toEqual([{ status: 'confirmed', test: false, order_version: 1 }]);

      // The relay starts the workflow after the commit, without the client waiting for Temporal.
      await orderWorkflowsStarted(app.dataSource, record.orderid as string);
      const description = await app.temporal.workflow
        .getHandle(orderWorkflowId(record.orderid as string))
        .describe();
      expect(description.status.name).toBe('RUNNING');
      expect(description.taskQueue).toBe('e2e-orders');
      const attributes = description.typedSearchAttributes;
      expect(attributes.get(ORDER_SEARCH_ATTRIBUTES.orderId)).toBe(record.orderid);
      expect(attributes.get(ORDER_SEARCH_ATTRIBUTES.account)).toBe(alice.email);
      expect(attributes.get(ORDER_SEARCH_ATTRIBUTES.externalId)).toBe('4242');
      expect(attributes.get(ORDER_SEARCH_ATTRIBUTES.orderState)).toBe('confirmed');
      expect(attributes.get(ORDER_SEARCH_ATTRIBUTES.testMode)).toBe(true);
      // Only non-secret data travels in the workflow input.
      expect(
        JSON.stringify(
          await app.temporal.workflow.getHandle(orderWorkflowId(record.orderid as string)).fetchHistory(),
        ),
      ).not.toContain('s3cret-syndic');
    });

    it('defaults optional fields and accepts the upload method without syndic', async () => {
      const body = orderBody({
        method: 'upload',
        syndic: undefined,
        external_id: undefined,
        test_mode: undefined,
        additional: '',
      });
      const res = await create(body);
      expect(res.status).toBe(200);
      expect((res.json as { payload: object }).payload).toMatchObject({ external_id: '', test_mode: false });
    });

    it('takes null for an optional field as its absence: no `"null"` reference, no other default', async () => {
      const body = orderBody({
        method: 'upload',
        syndic: null,
        external_id: null,
        test_mode: null,
        all_due_paid: null,
        lots: null,
        comment: null,
        callback_url: null,
      });
      const res = await create(body);
      expect(res.status).toBe(200);
      const { orderid, ...record } = (res.json as { payload: { orderid: string } }).payload;
      expect(record).toMatchObject({ external_id: '', test_mode: false });
      const stored = (await app.dataSource.query(
        `SELECT external_id, test_mode, all_due_paid, lots, comment, callback_url FROM orders WHERE orderid = $1`,
        [orderid],
      )) as object[];
      expect(stored).toEqual([
        {
          external_id: '',
          test_mode: false,
          all_due_paid: false,
          lots: null,
          comment: null,
          callback_url: null,
        },
      ]);
      const listed = await http.get('/order/?external_id=null', alice.headers);
      expect((listed.json as { payload: { orders: unknown[] } }).payload.orders).toEqual([]);
    });

    it('ignores unknown fields', async () => {
      const res = await create(orderBody({ surprise: { nested: true }, __proto__x: 1 }));
      expect(res.status).toBe(200);
    });

    it.each([
      ['syndic missing', { syndic: undefined }],
      ['syndic not an object', { syndic: 'Foncia' }],
      ['syndic name empty', { syndic: { name: '', username: 'u', password: 'p' } }],
      ['syndic username missing', { syndic: { name: 'Foncia', password: 'p' } }],
      ['syndic password not a string', { syndic: { name: 'Foncia', username: 'u', password: 12 } }],
      ['syndic null', { syndic: null }],
    ])('answers the exact syndic message when %s', async (_case, override) => {
      expectError(await create(orderBody(override)), 400, new RegExp(`^${SYNDIC_MESSAGE}$`));
    });

    it.each([
      ['address', { address: undefined }, "Le champ 'address' est obligatoire"],
      ['city', { city: '' }, "Le champ 'city' ne doit pas être vide"],
      ['zipcode', { zipcode: '6900' }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
      ['zipcode type', { zipcode: 69003 }, "Le champ 'zipcode' doit contenir exactement 5 chiffres"],
      ['owners', { owners: undefined }, "Le champ 'owners' est obligatoire"],
      ['owners empty', { owners: [] }, "Le champ 'owners' doit contenir entre 1 et 10 éléments"],
      [
        'owners too many',
        { owners: Array.from({ length: 11 }, () => ({ firstname: 'A', lastname: 'B' })) },
        'entre 1 et 10',
      ],
      [
        'owner lastname',
        { owners: [{ firstname: 'Marie' }] },
        "Le champ 'owners[0].lastname' est obligatoire",
      ],
      [
        'owner firstname',
        {
          owners: [
            { firstname: 'A', lastname: 'B' },
            { firstname: '', lastname: 'C' },
          ],
        },
        "Le champ 'owners[1].firstname' ne doit pas être vide",
      ],
      ['invoice', { invoice: undefined }, "Le champ 'invoice' est obligatoire"],
      [
        'invoice city',
        { invoice: { address: 'a', zipcode: '69002', lastname: 'l' } },
        "Le champ 'invoice.city' est obligatoire",
      ],
      ['method', { method: 'fax' }, "Le champ 'method' doit valoir 'extranet' ou 'upload'"],
      ['method missing', { method: undefined }, "Le champ 'method' est obligatoire"],
      ['all_due_paid', { all_due_paid: 'yes' }, "Le champ 'all_due_paid' doit être un booléen"],
      ['test_mode', { test_mode: 1 }, "Le champ 'test_mode' doit être un booléen"],
      [
        'external_id',
        { external_id: { id: 1 } },
        "Le champ 'external_id' doit être une chaîne de caractères ou un nombre",
      ],
      [
        'external_id too long',
        { external_id: 'R'.repeat(256) },
        "Le champ 'external_id' ne doit pas dépasser 255 caractères",
      ],
      [
        'callback_url',
        { callback_url: 'ftp://example.org' },
        "Le champ 'callback_url' doit être une URL http(s) valide",
      ],
      ['additional', { additional: 5 }, "Le champ 'additional' doit être une chaîne de caractères"],
      ['email', { email: 'not-an-email' }, "Le champ 'email' doit être une adresse e-mail valide"],
    ])('names the field when %s is invalid', async (_case, override, message) => {
      expectError(await create(orderBody(override)), 400, new RegExp(escape(message)));
    });

    it('refuses an email that is not the authenticated account', async () => {
      expectError(await create(orderBody({ email: bob.email })), 400, /adresse du compte authentifié/);
      expect((await create(orderBody({ email: alice.email.toUpperCase() }))).status).toBe(200);
    });

    it('refuses a body that is not a JSON object', async () => {
      expectError(await create([1, 2]), 400, /doit être un objet JSON/);
      expectError(await create('texte'), 400, /doit être un objet JSON/);
    });

    it('reports malformed JSON in French with its position', async () => {
      const res = await http.postRaw('/order/', '{"address" "x"}', {
        ...alice.headers,
        'Content-Type': 'application/json',
      });
      expectError(
        res,
        400,
        /^Impossible de décoder l'objet JSON : deux-points attendus \(ligne 1, colonne 12, position 11\)$/,
      );
      const comma = await http.postRaw('/order/', '{"a": 1\n "b": 2}', {
        ...alice.headers,
        'Content-Type': 'application/json',
      });
      expectError(
        comma,
        400,
        /^Impossible de décoder l'objet JSON : virgule attendue \(ligne 2, colonne 2, position 9\)$/,
      );
      const truncated = await http.postRaw('/order/', '{"a": ', {
        ...alice.headers,
        'Content-Type': 'application/json',
      });
      expectError(truncated, 400, /fin de données inattendue \(ligne 1, colonne 7, position 6\)/);
    });

    it('answers 415 to a body that is not JSON and 413 beyond 1 MiB', async () => {
      expectError(
        await http.postRaw('/order/', 'address=x', {
          ...alice.headers,
          'Content-Type': 'application/x-www-form-urlencoded',
        }),
        415,
        /format JSON/,
      );
      expectError(await http.postRaw('/order/', '{}', alice.headers), 415, /format JSON/);
      const huge = JSON.stringify(orderBody({ comment: 'x'.repeat(31 * 1024 * 1024) }));
      expectError(
        await http.postRaw('/order/', huge, { ...alice.headers, 'Content-Type': 'application/json' }),
        413,
        /trop volumineux/,
      );
      const big = JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) });
      // Once the key is known valid: without one, the body is not even read (400).
      expectError(
        await http.postRaw('/account/auth', big, {
          'Content-Type': 'application/json',
          'X-Auth-Key': alice.apiKey,
        }),
        413,
        /trop volumineux/,
      );
    });

    it('answers 415 naming the coding to a compressed body, and keeps its Idempotency-Key unused', async () => {
      const key = `gzip-${randomUUID()}`;
      const body = JSON.stringify(orderBody({ external_id: 'GZIPPED' }));
      const gzipped = await http.postRaw('/order/', gzipSync(body), {
        ...alice.headers,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Idempotency-Key': key,
      });
      // Before, read as JSON: "octets qui ne sont pas de l’UTF-8 (ligne 1, colonne 2, position 1)".
      expectError(
        gzipped,
        415,
        /^Le corps de la requête doit être envoyé sans compression \(Content-Encoding « gzip » non pris en charge\)$/,
      );
      expect(gzipped.headers.get('accept-encoding')).toBe('identity');
      const listed = await http.get('/order/?external_id=GZIPPED', alice.headers);
      expect((listed.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(0);
      const plain = await create(orderBody({ external_id: 'GZIPPED' }), alice, { 'Idempotency-Key': key });
      expect(plain.status).toBe(200);
    });

    it('replays the first answer for the same Idempotency-Key and body, 409 for another body', async () => {
      const key = `idem-${Date.now()}`;
      const first = await create(orderBody({ external_id: 'IDEM' }), alice, { 'Idempotency-Key': key });
      const second = await create(orderBody({ external_id: 'IDEM' }), alice, { 'Idempotency-Key': key });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.json).toEqual(first.json);
      const list = await http.get('/order/?external_id=IDEM', alice.headers);
      expect((list.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(1);
      expectError(
        await create(orderBody({ external_id: 'OTHER' }), alice, { 'Idempotency-Key': key }),
        409,
        /clé d'idempotence/,
      );
      // The key is per account.
      expect((await create(orderBody({ external_id: 'IDEM' }), bob, { 'Idempotency-Key': key })).status).toBe(
        200,
      );
    });

    it('frees the idempotency key of a request that failed validation', async () => {
      const key = `idem-fail-${Date.now()}`;
      expect((await create(orderBody({ zipcode: 'x' }), alice, { 'Idempotency-Key': key })).status).toBe(400);
      expect((await create(orderBody(), alice, { 'Idempotency-Key': key })).status).toBe(200);
    });
  });

  describe('authentication of order routes', () => {
    it('requires the API key (400) and a valid bearer token of the same account (401)', async () => {
      expectError(await http.get('/order/', { Authorization: alice.headers.Authorization! }), 400, /clé API/);
      expectError(await http.get('/order/', { 'X-Auth-Key': alice.apiKey }), 401, /Jeton/);
      expectError(
        await http.get('/order/', { 'X-Auth-Key': alice.apiKey, Authorization: 'Bearer abc.def.ghi' }),
        401,
        /Jeton/,
      );
      expectError(
        await http.get('/order/', { 'X-Auth-Key': alice.apiKey, Authorization: 'Basic xyz' }),
        401,
        /Jeton/,
      );
      expectError(
        await http.get('/order/', { 'X-Auth-Key': bob.apiKey, Authorization: alice.headers.Authorization! }),
        401,
        /Jeton/,
      );
    });
  });

  describe('GET /order/<orderid> and GET /order/', () => {
    it('reads an order of the account and hides the orders of others (404)', async () => {
      const created = (await create(orderBody())).json as { payload: { orderid: string } };
      const id = created.payload.orderid;
      const mine = await http.get(`/order/${id}`, alice.headers);
      expect(mine.status).toBe(200);
      expect((mine.json as { payload: unknown }).payload).toEqual(created.payload);
      expectError(await http.get(`/order/${id}`, bob.headers), 404, /^Commande introuvable$/);
      expectError(await http.get('/order/ZZZZZ9', alice.headers), 404, /^Commande introuvable$/);
      expectError(await http.get('/order/not-an-id', alice.headers), 404, /^Commande introuvable$/);
      const bobsList = await http.get('/order/', bob.headers);
      const ids = (bobsList.json as { payload: { orders: { orderid: string }[] } }).payload.orders.map(
        (o) => o.orderid,
      );
      expect(ids).not.toContain(id);
    });

    it('lists newest first with cursor paging and filters', async () => {
      const account = await createSignedInAccount(app);
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await create(orderBody({ external_id: i % 2 === 0 ? 'EVEN' : 'ODD' }), account);
        created.push((res.json as { payload: { orderid: string } }).payload.orderid);
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const page = await http.get(`/order/${query}`, account.headers);
        expect(page.status).toBe(200);
        const payload = (
          page.json as { payload: { orders: { orderid: string }[]; next_cursor: string | null } }
        ).payload;
        expect(payload.orders.length).toBeLessThanOrEqual(2);
        seen.push(...payload.orders.map((o) => o.orderid));
        cursor = payload.next_cursor;
      } while (cursor);
      expect(seen).toEqual([...created].reverse());

      const even = await http.get('/order/?external_id=EVEN', account.headers);
      expect((even.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(3);
      const confirmed = await http.get('/order/?state=confirmed&limit=100', account.headers);
      expect((confirmed.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(5);
      const done = await http.get('/order/?state=done', account.headers);
      expect((done.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(0);
    });

    it('validates the list parameters', async () => {
      expectError(await http.get('/order/?state=lost', alice.headers), 400, /'state'/);
      expectError(await http.get('/order/?limit=0', alice.headers), 400, /'limit'/);
      expectError(await http.get('/order/?limit=abc', alice.headers), 400, /'limit'/);
      expectError(await http.get('/order/?cursor=%%%', alice.headers), 400, /'cursor'/);
      // Each of the two states is valid: the repetition is what the answer names.
      expectError(
        await http.get('/order/?state=done&state=waiting', alice.headers),
        400,
        /^Le paramètre 'state' ne doit figurer qu'une fois dans l'adresse$/,
      );
      // A well-formed cursor whose date JavaScript accepts and PostgreSQL's timestamps cannot hold.
      const outOfRange = Buffer.from(JSON.stringify(['-271821-04-20T00:00:00.000Z', 'AB12CD'])).toString(
        'base64url',
      );
      expectError(
        await http.get(`/order/?cursor=${outOfRange}`, alice.headers),
        400,
        /^Le paramètre 'cursor' n'est pas valide$/,
      );
    });
  });

  describe('routing errors', () => {
    it('answers 404 for an unknown route and 405 for a wrong method, in the envelope', async () => {
      expectError(await http.get('/nowhere', alice.headers), 404, /^Ressource introuvable$/);
      const wrongMethod = await http.get('/account/auth', {});
      expectError(wrongMethod, 405, /Méthode non autorisée/);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      expect(wrongMethod.headers.get('x-powered-by')).toBeNull();
    });

    it('echoes X-Request-Id or makes one', async () => {
      const echoed = await http.get('/health', { 'X-Request-Id': 'req-123' });
      expect(echoed.headers.get('x-request-id')).toBe('req-123');
      const made = await http.get('/health');
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('while the API serves a burst of requests', () => {
    it('holds new orders’ workflow starts back until the burst is over, and at most ORDER_START_MAX_DEFER', async () => {
      const busy = await startApiTestApp({
        env: {
          TEMPORAL_TASK_QUEUE: `e2e-orders-busy-${randomUUID().slice(0, 8)}`,
          ORDER_START_BUSY_REQUESTS: '2',
          ORDER_START_MAX_DEFER: '4s',
        },
      });
      const orders = new OrderRepository(busy.dataSource);
      const startedAt = async (orderid: string) => (await orders.findById(orderid))!.workflowStartedAt;
      const account = await createSignedInAccount(busy);
      const createOne = async () => {
        const res = await new HttpTestClient(busy.baseUrl).post('/order/', orderBody(), account.headers);
        expect(res.status).toBe(200);
        return (res.json as { payload: { orderid: string } }).payload.orderid;
      };
      const burst: net.Socket[] = [];
      try {
        // Two requests whose bodies never end: busy from two requests in flight.
        burst.push(
          await unfinishedRequest(busy.baseUrl, account.headers),
          await unfinishedRequest(busy.baseUrl, account.headers),
        );
        const first = await createOne();
        await sleep(1_000);
        expect(await startedAt(first)).toBeNull();
        for (const socket of burst.splice(0)) socket.destroy();
        await orderWorkflowsStarted(busy.dataSource, first);

        // A burst that does not end: the order is started once it has waited ORDER_START_MAX_DEFER.
        burst.push(
          await unfinishedRequest(busy.baseUrl, account.headers),
          await unfinishedRequest(busy.baseUrl, account.headers),
        );
        const createdAt = Date.now();
        const second = await createOne();
        await sleep(2_000);
        expect(await startedAt(second)).toBeNull();
        await orderWorkflowsStarted(busy.dataSource, second);
        expect(Date.now() - createdAt).toBeGreaterThanOrEqual(3_900);
        const description = await busy.temporal.workflow.getHandle(orderWorkflowId(second)).describe();
        expect(description.status.name).toBe('RUNNING');
      } finally {
        for (const socket of burst) socket.destroy();
        await busy.close();
      }
    }, 60_000);
  });

  describe('when Temporal is unreachable', () => {
    it('accepts the order, and the recovery sweep starts its workflows once Temporal answers, once', async () => {
      const queue = `e2e-orders-recovery-${randomUUID().slice(0, 8)}`;
      const down = await startApiTestApp({
        env: {
          TEMPORAL_ADDRESS: '127.0.0.1:1',
          TEMPORAL_CLIENT_MAX_ATTEMPTS: '2',
          TEMPORAL_TASK_QUEUE: queue,
        },
      });
      const account = await createSignedInAccount(down);
      const body = orderBody({ external_id: `RECOVERED-${queue}`, test_mode: false });
      const headers = { ...account.headers, 'Idempotency-Key': `recovery-${queue}` };
      let created: TestResponse;
      try {
        created = await new HttpTestClient(down.baseUrl).post('/order/', body, headers);
        expect(created.status).toBe(200);
        expect((created.json as { payload: { state: string } }).payload.state).toBe('confirmed');
        // The client retries with its key while Temporal is still down: the same order, nothing new.
        const retried = await new HttpTestClient(down.baseUrl).post('/order/', body, headers);
        expect(retried.json).toEqual(created.json);
      } finally {
        // Waits for the relay's start to time out: the order is left to the sweep.
        await down.close();
      }
      const orderid = (created.json as { payload: { orderid: string } }).payload.orderid;
      const orders = new OrderRepository(app.dataSource);
      expect((await orders.findById(orderid))!.workflowStartedAt).toBeNull();

      // An API process that reaches Temporal: its sweep starts the order and its confirmation email.
      const up = await startApiTestApp({
        env: { TEMPORAL_TASK_QUEUE: queue, ORDER_START_SWEEP_INTERVAL: '200ms', ORDER_START_GRACE: '0s' },
      });
      try {
        await orderWorkflowsStarted(app.dataSource, orderid);
        const workflowId = orderWorkflowId(orderid);
        const description = await up.temporal.workflow.getHandle(workflowId).describe();
        expect(description.status.name).toBe('RUNNING');
        expect(description.taskQueue).toBe(queue);
        expect(description.typedSearchAttributes.get(ORDER_SEARCH_ATTRIBUTES.orderId)).toBe(orderid);
        const email = await up.temporal.workflow.getHandle(confirmationEmailWorkflowId(orderid)).describe();
        expect(email.taskQueue).toBe(queue);

        // The same key still answers the same order, and the order has one workflow run.
        const replayed = await new HttpTestClient(up.baseUrl).post('/order/', body, headers);
        expect(replayed.json).toEqual(created.json);
        const list = await http.get(`/order/?external_id=RECOVERED-${queue}`, account.headers);
        expect((list.json as { payload: { orders: unknown[] } }).payload.orders).toHaveLength(1);
        const runs = await waitFor(
          async () => {
            const found: string[] = [];
            for await (const run of up.temporal.workflow.list({ query: `WorkflowId = "${workflowId}"` })) {
              found.push(run.runId);
            }
            return found.length > 0 ? found : null;
          },
          { what: 'the run in the visibility store' },
        );
        expect(runs).toEqual([description.runId]);
      } finally {
        await up.close();
      }
    });
  });

  describe('GET /health', () => {
    it('is 200 when PostgreSQL and Temporal answer', async () => {
      const res = await http.get('/health');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        message: 'Service opérationnel',
        payload: { database: true, temporal: true },
        success: true,
      });
    });

    it('is 200 when both answered in time while the process was busy past the bound (a GC pause, a burst)', async () => {
      // The API runs in this process: a stall of 2.5 × HEALTH_CHECK_TIMEOUT after every turn of its event
      // loop falls between a check's queries and the reading of their answers, back within milliseconds.
      const stallMs = app.config.http.healthCheckTimeoutMs * 2.5;
      let busy: NodeJS.Immediate | undefined;
      const stall = () => {
        const until = Date.now() + stallMs;
        while (Date.now() < until);
        busy = setImmediate(stall);
      };
      busy = setImmediate(stall);
      try {
        for (let i = 0; i < 2; i++) {
          const res = await http.get('/health');
          expect({ status: res.status, json: res.json }).toEqual({
            status: 200,
            json: expect.objectContaining({ payload: { database: true, temporal: true } }),
          });
        }
      } finally {
        clearImmediate(busy);
      }
    });

    it('answers within a second, naming Temporal, when Temporal accepts connections but never answers', async () => {
      const accepted: net.Socket[] = [];
      const silent = net.createServer((socket) => accepted.push(socket.on('error', () => undefined)));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as net.AddressInfo;
      const broken = await startApiTestApp({ env: { TEMPORAL_ADDRESS: `127.0.0.1:${port}` } });
      try {
        for (let i = 0; i < 3; i++) {
          const started = Date.now();
          const res = await new HttpTestClient(broken.baseUrl).get('/health');
          expect(Date.now() - started).toBeLessThan(1_000);
          expectError(res, 503, /\(Temporal\)$/);
        }
      } finally {
        await broken.close();
        // The API's gRPC connection is left waiting for an answer: closed from this end too.
        for (const socket of accepted) socket.destroy();
        silent.close();
      }
    });

    it('is 503 naming Temporal when it does not answer, while creation still accepts orders', async () => {
      const broken = await startApiTestApp({
        env: { TEMPORAL_ADDRESS: '127.0.0.1:1', TEMPORAL_CLIENT_MAX_ATTEMPTS: '2' },
      });
      try {
        const brokenHttp = new HttpTestClient(broken.baseUrl);
        const started = Date.now();
        const res = await brokenHttp.get('/health');
        expect(Date.now() - started).toBeLessThan(1_000);
        expectError(
          res,
          503,
          /^Service temporairement indisponible, veuillez réessayer plus tard \(Temporal\)$/,
        );
        const account = await createSignedInAccount(broken);
        const created = await brokenHttp.post('/order/', orderBody(), account.headers);
        expect(created.status).toBe(200);
        // Accepted and committed; the recovery sweep starts its workflow once Temporal answers.
        const { orderid } = (created.json as { payload: { orderid: string } }).payload;
        expect(
          (await new OrderRepository(broken.dataSource).findById(orderid))!.workflowStartedAt,
        ).toBeNull();
      } finally {
        await broken.close();
      }
    }, 30_000);
  });
});

/**
 * Opens a request that stays in flight: its body is announced and never sent. Authenticated, as the
 * API waits for no body before the caller is.
 */
async function unfinishedRequest(baseUrl: string, headers: Record<string, string>): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `POST /order/ HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      'Content-Length: 64\r\n\r\n{',
  );
  // The server has read the headers and is waiting for the body.
  await sleep(100);
  return socket;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
