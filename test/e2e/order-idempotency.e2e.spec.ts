import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { DEVELOPMENT_ENCRYPTION_KEYS } from '@libs/platform/config/app-config';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';
import { pdfBytes, uploadItem } from '../support/document-fixtures';
import { filesUnder } from '../support/stored-files';
import { waitFor } from '../support/wait-for';
import { insertAccountRow, migrateAcross, migrationsFrom } from '../support/migration-database';

interface KeyRow {
  request_fingerprint: string;
  fingerprint_key_id: string;
  response_status: number;
  response_body: unknown;
}

/** The canonical JSON the fingerprint used to hash in clear: object keys sorted at every depth. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('Idempotency-Key on POST /order/', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;

  beforeAll(async () => {
    app = await startApiTestApp({ env: { TEMPORAL_TASK_QUEUE: 'e2e-order-idempotency' } });
    http = new HttpTestClient(app.baseUrl);
    alice = await createSignedInAccount(app);
  });
  afterAll(() => app.close());

  const create = (body: unknown, key: string, client = http) =>
    client.post('/order/', body, { ...alice.headers, 'Idempotency-Key': key });
  const keyRow = async (key: string): Promise<KeyRow | undefined> =>
    (
      await app.dataSource.query<KeyRow[]>(
        `SELECT request_fingerprint, fingerprint_key_id, response_status, response_body
           FROM idempotency_keys WHERE key = $1`,
        [key],
      )
    )[0];
  const ordersWithExternalId = async (externalId: string): Promise<string[]> =>
    (
      await app.dataSource.query<{ orderid: string }[]>(
        `SELECT orderid FROM orders WHERE account_id = (SELECT id FROM accounts WHERE email = $1)
            AND external_id = $2`,
        [alice.email, externalId],
      )
    ).map((r) => r.orderid);
  const expectConflict = (res: TestResponse, message: RegExp) => {
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: expect.stringMatching(message), payload: null, success: false });
  };

  it('stores an HMAC of the body under the active key, never a hash of it a dump could test guesses against', async () => {
    const key = `fingerprint-${randomUUID()}`;
    const body = orderBody({ external_id: key });
    expect((await create(body, key)).status).toBe(200);
    const row = (await keyRow(key))!;
    expect(row.fingerprint_key_id).toBe(DEVELOPMENT_ENCRYPTION_KEYS.split(':')[0]);
    expect(row.request_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    for (const text of [canonicalJson(body), JSON.stringify(body)]) {
      expect(row.request_fingerprint).not.toBe(createHash('sha256').update(text).digest('hex'));
    }
    expect(JSON.stringify(row)).not.toContain('s3cret-syndic');
  });

  it('replays the first answer byte for byte, keys in alphabetical order', async () => {
    const key = `replay-${randomUUID()}`;
    const first = await create(orderBody({ external_id: key }), key);
    const second = await create(orderBody({ external_id: key }), key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(Object.keys((second.json as { payload: object }).payload)).toEqual(
      Object.keys((second.json as { payload: object }).payload).sort(),
    );
    expect(await ordersWithExternalId(key)).toHaveLength(1);
  });

  it('answers every concurrent request with the same key and body with one order, none 409', async () => {
    const key = `burst-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => create(orderBody({ external_id: key }), key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const orderids = new Set(
      answers.map((a) => (a.json as { payload: { orderid: string } }).payload.orderid),
    );
    expect(orderids.size).toBe(1);
    expect(await ordersWithExternalId(key)).toEqual([...orderids]);
  });

  it('answers concurrent requests with another body 409, and creates only the first one’s order', async () => {
    const key = `race-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(orderBody({ external_id: `${key}-${i % 2}` }), key)),
    );
    const won = answers.filter((a) => a.status === 200);
    const winner = (won[0]!.json as { payload: { external_id: string } }).payload.external_id;
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.text).toBe(won[0]!.text);
      else
        expectConflict(
          answer,
          /^Cette clé d'idempotence a déjà été utilisée avec un corps de requête différent$/,
        );
    }
    expect(won.length).toBe(3);
    expect(await ordersWithExternalId(winner)).toHaveLength(1);
    expect(await ordersWithExternalId(winner.endsWith('-0') ? `${key}-1` : `${key}-0`)).toEqual([]);
  });

  it('leaves no document file behind when a request with the same key commits first', async () => {
    const key = `files-${randomUUID()}`;
    const body = orderBody({
      method: 'upload',
      syndic: undefined,
      external_id: key,
      documents: [uploadItem({ content: pdfBytes(key).toString('base64') })],
    });
    const before = await filesUnder(app, 'orders');
    // Another request with this key, still in its transaction: this one writes its order and documents,
    // then waits for it on the key, and rolls back once it committed first with another body.
    const other = new PgClient({ connectionString: app.config.database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO idempotency_keys
           (account_id, key, request_fingerprint, fingerprint_key_id, response_status, response_body, created_at)
         SELECT id, $2, repeat('0', 64), $3, 200, '{}'::json, now() FROM accounts WHERE email = $1`,
        [alice.email, key, DEVELOPMENT_ENCRYPTION_KEYS.split(':')[0]],
      );
      const answer = create(body, key);
      await waitFor(async () => (await filesUnder(app, 'orders')).length > before.length, {
        what: 'the documents written',
      });
      await other.query('COMMIT');
      expectConflict(await answer, /corps de requête différent/);
    } finally {
      await other.end();
    }
    expect(await ordersWithExternalId(key)).toEqual([]);
    expect(await filesUnder(app, 'orders')).toEqual(before);
  });

  it('forgets a key after 24 h: the same key then creates a new order', async () => {
    const key = `expired-${randomUUID()}`;
    const first = await create(orderBody({ external_id: `${key}-a` }), key);
    await app.dataSource.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [key],
    );
    const later = await create(orderBody({ external_id: `${key}-b` }), key);
    expect(later.status).toBe(200);
    expect(later.text).not.toBe(first.text);
    expect(await ordersWithExternalId(`${key}-b`)).toHaveLength(1);
    expect((await create(orderBody({ external_id: `${key}-b` }), key)).text).toBe(later.text);
  });

  describe('ENCRYPTION_KEY rotation', () => {
    let rotated: ApiTestApp;

    beforeAll(async () => {
      rotated = await startApiTestApp({
        env: {
          TEMPORAL_TASK_QUEUE: 'e2e-order-idempotency',
          ENCRYPTION_KEY: `k2027:${randomBytes(32).toString('base64')},${DEVELOPMENT_ENCRYPTION_KEYS}`,
        },
      });
    });
    afterAll(() => rotated.close());

    it('still recognises a body fingerprinted under the previous key, and new keys use the new one', async () => {
      const key = `rotation-${randomUUID()}`;
      const body = orderBody({ external_id: key });
      const first = await create(body, key);
      const client = new HttpTestClient(rotated.baseUrl);
      expect((await create(body, key, client)).text).toBe(first.text);
      expectConflict(
        await create(orderBody({ external_id: 'AUTRE' }), key, client),
        /corps de requête différent/,
      );

      const fresh = `rotation-new-${randomUUID()}`;
      expect((await create(orderBody({ external_id: fresh }), fresh, client)).status).toBe(200);
      expect((await keyRow(fresh))!.fingerprint_key_id).toBe('k2027');
    });

    it('refuses, in French, a key whose fingerprint was made under a key no longer configured', async () => {
      const key = `retired-${randomUUID()}`;
      const body = orderBody({ external_id: key });
      const first = await create(body, key, new HttpTestClient(rotated.baseUrl));
      expect(first.status).toBe(200);
      // `app` was not given k2027: to it, that row's key has left the ring.
      expectConflict(
        await create(body, key),
        /^Cette clé d'idempotence ne peut plus être vérifiée : utilisez une nouvelle clé$/,
      );
      expect(await ordersWithExternalId(key)).toHaveLength(1);
    });
  });

  it('the migration deletes the unkeyed fingerprints stored before it', async () => {
    const migration = 'KeyedIdempotencyFingerprints1763830000000';
    await migrateAcross(
      migration,
      async (previous) => {
        const id = await insertAccountRow(previous, 'avant@example.fr');
        await previous.query(
          `INSERT INTO idempotency_keys (account_id, key, request_hash, response_status, response_body)
           VALUES ($1, 'done', $2, 200, '{"orderid":"ABCDEF"}'), ($1, 'in-progress', $2, NULL, NULL)`,
          [id, createHash('sha256').update('{"syndic":{"password":"hunter2"}}').digest('hex')],
        );
      },
      async (current, ran) => {
        expect(ran).toEqual(migrationsFrom(migration));
        expect(await current.query(`SELECT * FROM idempotency_keys`)).toEqual([]);
        const columns = await current.query<
          { column_name: string; is_nullable: string; data_type: string }[]
        >(
          `SELECT column_name, is_nullable, data_type FROM information_schema.columns
            WHERE table_name = 'idempotency_keys' ORDER BY column_name`,
        );
        expect(columns.map((c) => c.column_name)).not.toContain('request_hash');
        expect(columns).toEqual(
          expect.arrayContaining([
            { column_name: 'fingerprint_key_id', is_nullable: 'NO', data_type: 'character varying' },
            { column_name: 'request_fingerprint', is_nullable: 'NO', data_type: 'character' },
            { column_name: 'response_body', is_nullable: 'NO', data_type: 'json' },
            { column_name: 'response_status', is_nullable: 'NO', data_type: 'integer' },
          ]),
        );
      },
    );
  });
});
