import { ORDER_WORKFLOW_GATEWAY } from '@apps/api/src/platform/temporal.module';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { orderWorkflowId } from '@libs/orders/order-id';
import { type OrderRecord } from '@libs/orders/order-record';
import { OrderRepository } from '@libs/orders/order.repository';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { jpegBytes, pdfBytes, uploadItem } from '../support/document-fixtures';
import { HttpTestClient, type TestResponse } from '../support/http-test-client';
import { orderBody } from '../support/order-fixtures';
import { orderWorkflowsStarted } from '../support/order-workflows';
import { RecordingWorkflowGateway } from '../support/recording-workflow-gateway';
import { type SignedInAccount, createSignedInAccount } from '../support/test-accounts';
import { filesUnder } from '../support/stored-files';

interface UploadPayload {
  documents: { doctype: number; filename: string; id: number; mimetype: string; size: number }[];
  orderid: string;
}

function expectError(res: TestResponse, status: number, message: string | RegExp): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.json as object)).toEqual(['message', 'payload', 'success']);
  expect(res.json).toEqual({ message: expect.stringMatching(message), payload: null, success: false });
}

async function createOrder(http: HttpTestClient, account: SignedInAccount, overrides = {}): Promise<string> {
  const res = await http.post(
    '/order/',
    orderBody({ method: 'upload', syndic: undefined, ...overrides }),
    account.headers,
  );
  expect(res.status).toBe(200);
  return (res.json as { payload: OrderRecord }).payload.orderid;
}

describe('order documents API (Temporal, no worker)', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;
  let bob: SignedInAccount;
  let documents: StoredDocumentRepository;

  beforeAll(async () => {
    app = await startApiTestApp({ env: { TEMPORAL_TASK_QUEUE: 'e2e-order-documents' } });
    http = new HttpTestClient(app.baseUrl);
    documents = new StoredDocumentRepository(app.dataSource);
    [alice, bob] = await Promise.all([createSignedInAccount(app), createSignedInAccount(app)]);
  });
  afterAll(() => app.close());

  const upload = (orderid: string, items: unknown, account = alice) =>
    http.post(`/order/${orderid}/documents`, { documents: items }, account.headers);
  /** Every `documents` row of the order, whatever its round or source. */
  const documentRows = (orderid: string): Promise<unknown[]> =>
    app.dataSource.query(
      `SELECT id, order_version, source, storage_key FROM documents WHERE orderid = $1 ORDER BY id`,
      [orderid],
    );
  /** Every file the document store holds for the order (paths under its root). */
  const storedFiles = (orderid: string): Promise<string[]> => filesUnder(app, `orders/${orderid}`);

  describe('POST /order/<orderid>/documents', () => {
    it('stores each document once per version, in the store and in `documents`', async () => {
      const orderid = await createOrder(http, alice);
      const items = [
        uploadItem(),
        uploadItem({
          doctype: 10,
          filename: 'photo.jpg',
          mimetype: 'image/jpeg',
          content: jpegBytes().toString('base64'),
        }),
      ];
      const res = await upload(orderid, items);
      expect(res.status).toBe(200);
      expect(res.text.startsWith('{"message":null,"payload":{"documents":[{"doctype":1,"filename":')).toBe(
        true,
      );
      const payload = (res.json as { payload: UploadPayload }).payload;
      expect(payload).toEqual({
        documents: [
          {
            doctype: 1,
            filename: 'fiche-synthetique.pdf',
            id: expect.any(Number),
            mimetype: 'application/pdf',
            size: pdfBytes().length,
          },
          {
            doctype: 10,
            filename: 'photo.jpg',
            id: expect.any(Number),
            mimetype: 'image/jpeg',
            size: jpegBytes().length,
          },
        ],
        orderid,
      });

      const rows = await documents.listForOrderVersion(orderid, 1);
      expect(rows).toHaveLength(2);
      const [pdf] = rows;
      expect(pdf).toMatchObject({
        id: payload.documents[0]!.id,
        source: 'upload',
        orderVersion: 1,
        doctype: 1,
        title: 'fiche-synthetique.pdf',
        mimetype: 'application/pdf',
        size: pdfBytes().length,
      });
      expect(pdf!.sourceRef).toBe(`${pdf!.doctype}:${pdf!.sha256}`);
      expect(pdf!.storageKey).toBe(`orders/${orderid}/v1/upload-${pdf!.sha256}.pdf`);
      expect(pdf!.documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await app.documentStore.get(pdf!.storageKey)).toEqual(pdfBytes());
      expect(fs.existsSync(path.join(app.config.storage.documentsDir, pdf!.storageKey))).toBe(true);

      // The same content again (even under another name) is not stored twice.
      const again = await upload(orderid, [uploadItem({ filename: 'copie.pdf' })]);
      expect(again.status).toBe(200);
      expect((again.json as { payload: UploadPayload }).payload.documents).toEqual([payload.documents[0]]);
      expect(await documents.listForOrderVersion(orderid, 1)).toHaveLength(2);
    });

    it('accepts uploads for an extranet order too, and bodies beyond 1 MiB', async () => {
      const orderid = await createOrder(http, alice, {
        method: 'extranet',
        syndic: { name: 'Foncia', username: 'u', password: 'p' },
      });
      const big = Buffer.concat([
        pdfBytes().subarray(0, 9),
        Buffer.alloc(2 * 1024 * 1024, 0x20),
        pdfBytes().subarray(9),
      ]);
      const res = await upload(orderid, [
        uploadItem({ doctype: 2, filename: 'pv-ag.pdf', content: big.toString('base64') }),
      ]);
      expect(res.status).toBe(200);
      expect((res.json as { payload: UploadPayload }).payload.documents[0]).toMatchObject({
        doctype: 2,
        size: big.length,
      });
    });

    it('reads base64 wrapped at 76 columns, as `base64` of coreutils writes it, as the same file', async () => {
      const orderid = await createOrder(http, alice);
      const wrapped = `${pdfBytes('enveloppé').toString('base64').replace(/.{76}/g, '$&\n')}\n`;
      const res = await upload(orderid, [uploadItem({ doctype: 2, filename: 'pv.pdf', content: wrapped })]);
      expect(res.status).toBe(200);
      const [stored] = (res.json as { payload: UploadPayload }).payload.documents;
      expect(stored).toMatchObject({ doctype: 2, size: pdfBytes('enveloppé').length });
      // The stored file is the client's, byte for byte: its digest is the original's.
      const [row] = await documents.listForOrderVersion(orderid, 1);
      expect(row!.sha256).toBe(createHash('sha256').update(pdfBytes('enveloppé')).digest('hex'));
    });

    it('names the invalid item and stores nothing', async () => {
      const orderid = await createOrder(http, alice);
      expectError(
        await upload(orderid, [uploadItem(), uploadItem({ doctype: 11 })]),
        400,
        /^Document n°1 : Le champ 'doctype' doit être un entier entre 1 et 10$/,
      );
      expectError(
        await upload(orderid, [uploadItem({ content: Buffer.from('pas un PDF').toString('base64') })]),
        400,
        /^Document n°0 : Le champ 'content' doit contenir un fichier PDF valide$/,
      );
      expectError(
        await upload(orderid, [uploadItem({ content: 'ça ne va pas' })]),
        400,
        /^Document n°0 : Le champ 'content' doit être encodé en base64 : le caractère « U\+00E7 » \(position 0\)/,
      );
      // What a browser's FileReader.readAsDataURL gives, named as such.
      expectError(
        await upload(orderid, [
          uploadItem({ content: `data:application/pdf;base64,${pdfBytes().toString('base64')}` }),
        ]),
        400,
        /^Document n°0 : Le champ 'content' doit contenir le base64 seul, sans le préfixe « data:…;base64, »/,
      );
      // Every field in error of an item at once, as for the rest of the body: one round trip to fix it.
      expectError(
        await upload(orderid, [
          uploadItem(),
          { doctype: 11, filename: '../../etc/passwd', mimetype: 'text/html', content: '' },
        ]),
        400,
        new RegExp(
          "^Document n°1 : Le champ 'doctype' doit être un entier entre 1 et 10 ; " +
            "Document n°1 : Le champ 'filename' doit être un nom de fichier[^;]* ; " +
            "Document n°1 : Le champ 'mimetype' doit valoir [^;]* ; " +
            "Document n°1 : Le champ 'content' ne doit pas être vide$",
        ),
      );
      expectError(
        await upload(orderid, []),
        400,
        /^Le champ 'documents' doit contenir entre 1 et 20 éléments$/,
      );
      expectError(
        await http.post(`/order/${orderid}/documents`, {}, alice.headers),
        400,
        /^Le champ 'documents' est obligatoire$/,
      );
      expect(await documents.listForOrderVersion(orderid, 1)).toEqual([]);
    });

    it('answers 404 for an unknown or foreign order', async () => {
      const orderid = await createOrder(http, alice);
      expectError(await upload(orderid, [uploadItem()], bob), 404, /^Commande introuvable$/);
      expectError(await upload('ZZZZZ0', [uploadItem()]), 404, /^Commande introuvable$/);
      expect(await documents.listForOrderVersion(orderid, 1)).toEqual([]);
    });

    it('answers 409 "La commande est clôturée" once the workflow is over, and stores nothing', async () => {
      const orderid = await createOrder(http, alice);
      await orderWorkflowsStarted(app.dataSource, orderid);
      await app.temporal.workflow.getHandle(orderWorkflowId(orderid)).terminate('closed (test)');
      expectError(await upload(orderid, [uploadItem()]), 409, /^La commande est clôturée$/);
      expect(await documentRows(orderid)).toEqual([]);
      expect(await storedFiles(orderid)).toEqual([]);
    });

    it('refuses an upload to an order done for longer than the refresh window before storing anything', async () => {
      const orderid = await createOrder(http, alice);
      // An earlier upload, while the order was open: its file and row stay as they are.
      expect((await upload(orderid, [uploadItem()])).status).toBe(200);
      const before = { rows: await documentRows(orderid), files: await storedFiles(orderid) };
      expect(before.files).toHaveLength(1);
      // Done 181 days ago (REFRESH_WINDOW is 180 days): its workflow completed at the end of the window.
      await app.dataSource.query(
        `UPDATE orders SET state = 'done', done_at = now() - interval '181 days' WHERE orderid = $1`,
        [orderid],
      );
      await app.temporal.workflow.getHandle(orderWorkflowId(orderid)).terminate('window over (test)');
      const late = [uploadItem({ doctype: 2, content: pdfBytes('pv tardif').toString('base64') })];
      expectError(await upload(orderid, late), 409, /^La commande est clôturée$/);
      expect(await documentRows(orderid)).toEqual(before.rows);
      expect(await storedFiles(orderid)).toEqual(before.files);
    });
  });

  describe('documents sent with POST /order/', () => {
    it('are stored for version 1 with the order', async () => {
      const res = await http.post(
        '/order/',
        orderBody({
          method: 'upload',
          syndic: undefined,
          documents: [
            uploadItem(),
            uploadItem({
              doctype: 3,
              kind: 'rules-and-division',
              filename: 'reglement.pdf',
              content: pdfBytes('règlement').toString('base64'),
            }),
          ],
        }),
        alice.headers,
      );
      expect(res.status).toBe(200);
      const orderid = (res.json as { payload: OrderRecord }).payload.orderid;
      const rows = await documents.listForOrderVersion(orderid, 1);
      // The kind a client states is kept: the pre-statement reads the règlement as holding the EDD.
      expect(rows.map((r) => [r.doctype, r.kind, r.filename, r.source])).toEqual([
        [1, null, 'fiche-synthetique.pdf', 'upload'],
        [3, 'rules-and-division', 'reglement.pdf', 'upload'],
      ]);
      expect(await app.documentStore.get(rows[1]!.storageKey)).toEqual(pdfBytes('règlement'));
    });

    it('may exceed 1 MiB, unlike the bodies of other routes', async () => {
      const big = Buffer.concat([
        pdfBytes().subarray(0, 9),
        Buffer.alloc(2 * 1024 * 1024, 0x20),
        pdfBytes().subarray(9),
      ]);
      const res = await http.post(
        '/order/',
        orderBody({
          method: 'upload',
          syndic: undefined,
          documents: [uploadItem({ content: big.toString('base64') })],
        }),
        alice.headers,
      );
      expect(res.status).toBe(200);
      const orderid = (res.json as { payload: OrderRecord }).payload.orderid;
      expectError(
        await http.post(`/order/${orderid}/refresh`, { comment: 'x'.repeat(2 * 1024 * 1024) }, alice.headers),
        413,
        /trop volumineux/,
      );
    });

    it('are validated with the body: an invalid item creates nothing', async () => {
      const res = await http.post(
        '/order/',
        orderBody({
          method: 'upload',
          syndic: undefined,
          external_id: 'BAD-DOCS',
          documents: [uploadItem(), uploadItem(), uploadItem({ filename: 'a/b.pdf' })],
        }),
        alice.headers,
      );
      expectError(res, 400, /^Document n°2 : Le champ 'filename' doit être un nom de fichier/);
      const orders = await app.dataSource.query(
        `SELECT count(*)::int AS n FROM orders o JOIN accounts a ON a.id = o.account_id WHERE a.email = $1 AND o.external_id = 'BAD-DOCS'`,
        [alice.email],
      );
      expect(orders[0].n).toBe(0);
    });
  });

  describe('GET /order/<orderid>/document', () => {
    it('answers 409 before the order is done, 404 for a foreign or unknown order', async () => {
      const orderid = await createOrder(http, alice);
      expectError(
        await http.get(`/order/${orderid}/document`, alice.headers),
        409,
        /^Le pré-état daté n'est pas encore disponible$/,
      );
      expectError(await http.get(`/order/${orderid}/document`, bob.headers), 404, /^Commande introuvable$/);
      expectError(await http.get('/order/ZZZZZ0/document', alice.headers), 404, /^Commande introuvable$/);
    });

    it('serves the pre-statement of the latest version once done', async () => {
      const orderid = await createOrder(http, alice);
      const preStatements = new PreStatementRepository(app.dataSource);
      for (const version of [1, 2]) {
        const storageKey = `orders/${orderid}/v${version}/pre-etat-date-${orderid}-v${version}.pdf`;
        await app.documentStore.put(storageKey, pdfBytes(`version ${version}`));
        await preStatements.insertIfAbsent({
          orderid,
          orderVersion: version,
          storageKey,
          size: pdfBytes(`version ${version}`).length,
          statement: null,
          missingDoctypes: [],
        });
      }
      // What the worker does when the pre-statement of version 2 is generated.
      await app.dataSource.query(
        `UPDATE orders SET state = 'done', version = 2, done_at = now() WHERE orderid = $1`,
        [orderid],
      );
      expect((await new OrderRepository(app.dataSource).findById(orderid))!.state).toBe('done');

      const res = await fetch(`${app.baseUrl}/order/${orderid}/document`, { headers: alice.headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="pre-etat-date-${orderid}.pdf"`,
      );
      expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfBytes('version 2'));
      expectError(await http.get(`/order/${orderid}/document`, bob.headers), 404, /^Commande introuvable$/);
    });
  });
});

describe('order documents API (recording workflow gateway)', () => {
  let app: ApiTestApp;
  let http: HttpTestClient;
  let alice: SignedInAccount;
  const gateway = new RecordingWorkflowGateway(() => {
    throw new Error('not used');
  });

  beforeAll(async () => {
    app = await startApiTestApp({
      env: { TEMPORAL_TASK_QUEUE: 'e2e-order-documents-fake' },
      overrides: [{ provide: ORDER_WORKFLOW_GATEWAY, useValue: gateway }],
    });
    http = new HttpTestClient(app.baseUrl);
    alice = await createSignedInAccount(app);
  });
  afterAll(() => app.close());

  it('wakes the order’s workflow after storing the uploads', async () => {
    const orderid = await createOrder(http, alice);
    const res = await http.post(`/order/${orderid}/documents`, { documents: [uploadItem()] }, alice.headers);
    expect(res.status).toBe(200);
    expect(gateway.uploads).toEqual([orderid]);
    // Nothing is signalled for a refused upload.
    await http.post(
      `/order/${orderid}/documents`,
      { documents: [uploadItem({ doctype: 0 })] },
      alice.headers,
    );
    expect(gateway.uploads).toEqual([orderid]);
  });
});
