import { type ExtranetConnectorRegistry } from '@libs/extranet/extranet-connector.registry';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { type ExtranetConnector } from '@libs/extranet/extranet.port';
import { type SyndicCredentials } from '@libs/extranet/syndic-credentials';
import { ExtranetDocumentUnavailableError } from '@libs/extranet/extranet-errors';
import { Doctype } from '@libs/orders/doctype';
import { OrderCollectionService } from '@libs/orders/collection/order-collection.service';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';
import { confirmed, notCommunicated } from '@libs/statement/statement-field';
import { pdfBytes } from '../support/document-fixtures';
import { buildAccountStatement } from '../support/pre-statement-input.factory';
import { waitFor } from '../support/wait-for';

const LISTED: ExtranetDocument[] = Array.from({ length: 8 }, (_, i) => ({
  id: `doc-${i}`,
  doctype: Doctype.Minutes,
  kind: null,
  title: `Procès-verbal ${i}`,
  date: '2025-06-30',
  mimetype: 'application/pdf',
  size: 16,
}));

/** An extranet in the test's hands: it counts what it is asked and fails a download on demand. */
class CountingExtranet implements ExtranetConnector {
  readonly downloads = new Map<string, number>();
  logins = 0;
  /** The user name of each login, in order. */
  usernames: string[] = [];
  failing = new Set<string>();
  /** Downloads that wait for the test to let them finish. */
  held = new Map<string, Promise<void>>();
  /** Documents listed that the extranet then says it does not have (404). */
  gone = new Set<string>();
  /** What the extranet sends for a document instead of its PDF. */
  answers = new Map<string, { content: Buffer; mimetype: string }>();

  async login(credentials: SyndicCredentials) {
    this.logins += 1;
    this.usernames.push(credentials.username);
    return { token: 'jeton', baseUrl: 'https://extranet.example.fr' };
  }
  async fetchStatement(): Promise<never> {
    throw new Error('not asked in these tests');
  }
  async listDocuments() {
    return LISTED;
  }
  async downloadDocument(_session: unknown, documentId: string) {
    this.downloads.set(documentId, (this.downloads.get(documentId) ?? 0) + 1);
    await this.held.get(documentId);
    if (this.failing.has(documentId)) throw new Error(`${documentId} refused`);
    if (this.gone.has(documentId)) throw new ExtranetDocumentUnavailableError(`${documentId} is not there`);
    return this.answers.get(documentId) ?? { content: pdfBytes(documentId), mimetype: 'application/pdf' };
  }
}

/** The real repository, its batched inserts counted. */
class CountedDocumentRepository extends StoredDocumentRepository {
  readonly statements: number[] = [];
  override insertAllIfAbsent(rows: Parameters<StoredDocumentRepository['insertAllIfAbsent']>[0]) {
    this.statements.push(rows.length);
    return super.insertAllIfAbsent(rows);
  }
}

describe('downloading an order version’s documents (PostgreSQL, the filesystem store)', () => {
  let kit: NotificationTestKit;
  let accountId: string;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    accountId = (await createAccount(kit)).id;
  });
  afterAll(() => kit.close());

  async function collecting() {
    const order: OrderEntity = await createOrder(kit, accountId, { state: 'received' });
    await kit.dataSource.query(`UPDATE orders SET syndic_password_sealed = $2 WHERE orderid = $1`, [
      order.orderid,
      kit.security.secretBox.seal('mot-de-passe', order.orderid),
    ]);
    const extranet = new CountingExtranet();
    const orders = new OrderRepository(kit.dataSource);
    const documents = new CountedDocumentRepository(kit.dataSource);
    const registry = { connectorFor: () => extranet } as unknown as ExtranetConnectorRegistry;
    const service = new OrderCollectionService(
      orders,
      documents,
      registry,
      kit.store,
      kit.security.secretBox,
    );
    const rows = async () =>
      (await kit.dataSource.query(
        `SELECT source_ref FROM documents WHERE orderid = $1 AND order_version = 1 ORDER BY source_ref`,
        [order.orderid],
      )) as { source_ref: string }[];
    return { orderid: order.orderid, extranet, orders, documents, service, rows };
  }

  it('stores every document once, in one statement, and reports each one', async () => {
    const { orderid, extranet, documents, service, rows } = await collecting();
    const progress: number[] = [];
    await service.downloadDocuments(orderid, 1, LISTED, (done) => progress.push(done));

    expect((await rows()).map((r) => r.source_ref)).toEqual(LISTED.map((d) => d.id));
    expect([...extranet.downloads.values()]).toEqual(LISTED.map(() => 1));
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The listing arrives within the window: its rows go together.
    expect(documents.statements).toEqual([LISTED.length]);
  });

  it('writes the rows of what is downloaded within the window while a later download still runs', async () => {
    const { orderid, extranet, documents, service, rows } = await collecting();
    let release!: () => void;
    extranet.held.set('doc-6', new Promise<void>((resolve) => (release = resolve)));
    const downloading = service.downloadDocuments(orderid, 1, LISTED, () => undefined, {
      concurrency: 1,
      rowWindowMs: 200,
    });
    await waitFor(async () => (await rows()).length === 6, { intervalMs: 10, what: 'six rows' });
    expect((await rows()).map((r) => r.source_ref)).toEqual(LISTED.slice(0, 6).map((d) => d.id));

    release();
    await downloading;
    expect((await rows()).map((r) => r.source_ref)).toEqual(LISTED.map((d) => d.id));
    // How the rows fall into windows depends on the machine's speed; each is written once.
    expect(documents.statements.reduce((a, b) => a + b, 0)).toBe(LISTED.length);
    expect(documents.statements.length).toBeLessThan(LISTED.length);
  });

  it('keeps what was stored before a download failed: the retry fetches only the rest', async () => {
    const { orderid, extranet, service, rows } = await collecting();
    extranet.failing.add('doc-5');
    await expect(
      service.downloadDocuments(orderid, 1, LISTED, () => undefined, { concurrency: 1 }),
    ).rejects.toThrow('doc-5 refused');
    expect((await rows()).map((r) => r.source_ref)).toEqual(['doc-0', 'doc-1', 'doc-2', 'doc-3', 'doc-4']);

    extranet.failing.clear();
    const progress: number[] = [];
    await service.downloadDocuments(orderid, 1, LISTED, (done) => progress.push(done));
    expect((await rows()).map((r) => r.source_ref)).toEqual(LISTED.map((d) => d.id));
    expect(Object.fromEntries(extranet.downloads)).toEqual({
      ...Object.fromEntries(LISTED.map((d) => [d.id, 1])),
      'doc-5': 2,
    });
    // The retry starts from what is stored.
    expect(progress[0]).toBe(5);
    expect(progress.at(-1)).toBe(8);
  });

  it('after a failed download, writes the downloads that were in flight beside it, and starts no other', async () => {
    const { orderid, extranet, documents, service, rows } = await collecting();
    let release!: () => void;
    extranet.held.set('doc-0', new Promise<void>((resolve) => (release = resolve)));
    extranet.failing.add('doc-1');
    let settled = false;
    const downloading = service.downloadDocuments(orderid, 1, LISTED, () => undefined, { concurrency: 2 });
    void downloading.catch(() => (settled = true));
    // doc-1 fails while doc-0 is still downloading: the call waits for doc-0 before it fails.
    await waitFor(() => extranet.downloads.has('doc-1'), { intervalMs: 10, what: 'doc-1 asked for' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    release();
    await expect(downloading).rejects.toThrow('doc-1 refused');

    expect((await rows()).map((r) => r.source_ref)).toEqual(['doc-0']);
    expect(documents.statements).toEqual([1]);
    // No download started once doc-1 failed.
    expect([...extranet.downloads.keys()]).toEqual(['doc-0', 'doc-1']);
  });

  it('keeps nothing of an answer that is not the listed document, and the others all the same', async () => {
    const { orderid, extranet, service, rows } = await collecting();
    const page = '\ufeff <!DOCTYPE html><html><body>Votre session a expiré</body></html>';
    extranet.answers.set('doc-1', { content: Buffer.from(page), mimetype: 'text/html' });
    extranet.answers.set('doc-2', { content: Buffer.alloc(0), mimetype: 'application/pdf' });
    // Cut short: a PDF without its end.
    extranet.answers.set('doc-3', {
      content: pdfBytes('doc-3').subarray(0, 20),
      mimetype: 'application/pdf',
    });
    // Sent as bytes of no stated type, and a PDF all the same: kept, as the listing said.
    extranet.answers.set('doc-4', { content: pdfBytes('doc-4'), mimetype: 'application/octet-stream' });

    const refused = await service.downloadDocuments(orderid, 1, LISTED, () => undefined);

    expect(refused).toEqual([
      { documentId: 'doc-1', doctype: Doctype.Minutes, problem: 'a web page' },
      { documentId: 'doc-2', doctype: Doctype.Minutes, problem: 'empty content' },
      {
        documentId: 'doc-3',
        doctype: Doctype.Minutes,
        problem: 'not the application/pdf document it was said to be',
      },
    ]);
    expect((await rows()).map((r) => r.source_ref)).toEqual(['doc-0', 'doc-4', 'doc-5', 'doc-6', 'doc-7']);
    const [kept] = (await kit.dataSource.query(
      `SELECT mimetype FROM documents WHERE orderid = $1 AND source_ref = 'doc-4'`,
      [orderid],
    )) as { mimetype: string }[];
    expect(kept!.mimetype).toBe('application/pdf');

    // At the next poll the extranet sends them whole: fetched again, and kept.
    extranet.answers.clear();
    expect(await service.downloadDocuments(orderid, 1, LISTED, () => undefined)).toEqual([]);
    expect((await rows()).map((r) => r.source_ref)).toEqual(LISTED.map((d) => d.id));
  });

  it('goes on without a listed document the extranet does not have, in the same session', async () => {
    const { orderid, extranet, service, rows } = await collecting();
    extranet.gone.add('doc-2');
    const progress: number[] = [];

    const refused = await service.downloadDocuments(orderid, 1, LISTED, (done) => progress.push(done), {
      concurrency: 1,
    });

    expect(refused).toEqual([
      { documentId: 'doc-2', doctype: Doctype.Minutes, problem: 'doc-2 is not there' },
    ]);
    expect((await rows()).map((r) => r.source_ref)).toEqual(
      LISTED.filter((d) => d.id !== 'doc-2').map((d) => d.id),
    );
    expect(progress.at(-1)).toBe(LISTED.length);
    expect(extranet.logins).toBe(1);
  });

  it('counts a required document as missing while its extranet sends a web page in its place', async () => {
    const { orderid, extranet, service } = await collecting();
    const summary = { ...LISTED[0]!, id: 'fiche', doctype: Doctype.SummarySheet, title: 'Fiche synthétique' };
    extranet.answers.set('fiche', {
      content: Buffer.from('<html><head><title>Connexion</title></head></html>'),
      mimetype: 'text/html; charset=utf-8',
    });
    await service.downloadDocuments(orderid, 1, [summary], () => undefined);
    expect(await service.missingDoctypes(orderid, 1)).toContain(Doctype.SummarySheet);
  });

  it('waits for no minutes when the syndic says no general meeting was ever held', async () => {
    const { orderid, orders, service } = await collecting();
    const statement = buildAccountStatement();
    await orders.saveStatement(orderid, 1, {
      ...statement,
      generalMeetings: { ...statement.generalMeetings, held: confirmed([]) },
    });
    expect(await service.missingDoctypes(orderid, 1)).not.toContain(Doctype.Minutes);
    // Meetings the syndic does not say anything about: the minutes are waited for.
    await orders.saveStatement(orderid, 1, {
      ...statement,
      generalMeetings: { ...statement.generalMeetings, held: notCommunicated() },
    });
    expect(await service.missingDoctypes(orderid, 1)).toContain(Doctype.Minutes);
  });

  it('counts the règlement as missing while the extranet has only a modifying act of it', async () => {
    const { orderid, service } = await collecting();
    const amendment = {
      ...LISTED[0]!,
      id: 'modificatif',
      doctype: Doctype.CoOwnershipRules,
      kind: 'rules-amendment' as const,
      title: 'Acte modificatif du 12 mars 2019',
    };
    await service.downloadDocuments(orderid, 1, [amendment], () => undefined);
    expect(await service.missingDoctypes(orderid, 1)).toContain(Doctype.CoOwnershipRules);

    await service.downloadDocuments(
      orderid,
      1,
      [{ ...amendment, id: 'reglement', kind: 'rules' }],
      () => undefined,
    );
    expect(await service.missingDoctypes(orderid, 1)).not.toContain(Doctype.CoOwnershipRules);
  });

  it('stores a document whose title is longer than its columns, cut to fit, rather than failing for good', async () => {
    const { orderid, service } = await collecting();
    const title = `Procès-verbal de l’assemblée générale ${'et de ses annexes '.repeat(30)}`;
    const long = { ...LISTED[0]!, id: 'doc-long', title };
    await service.downloadDocuments(orderid, 1, [long], () => undefined);
    const [row] = (await kit.dataSource.query(
      `SELECT title, filename FROM documents WHERE orderid = $1 AND source_ref = 'doc-long'`,
      [orderid],
    )) as { title: string; filename: string }[];
    expect(row!.title).toBe(title.slice(0, 500));
    expect(row!.filename).toBe(`${title.slice(0, 251)}.pdf`);
  });

  it('writes a listed document once when the batch repeats it or the version already has it', async () => {
    const { orderid, documents, rows } = await collecting();
    const row = (id: string) => ({
      orderid,
      orderVersion: 1,
      source: 'extranet' as const,
      sourceRef: id,
      doctype: Doctype.Minutes,
      kind: null,
      title: id,
      filename: `${id}.pdf`,
      documentDate: '2025-06-30',
      mimetype: 'application/pdf',
      size: 16,
      sha256: 'a'.repeat(64),
      storageKey: `k/${id}`,
    });
    await documents.insertAllIfAbsent([row('doc-0')]);
    await documents.insertAllIfAbsent([row('doc-0'), row('doc-1'), row('doc-1')]);
    expect((await rows()).map((r) => r.source_ref)).toEqual(['doc-0', 'doc-1']);
  });

  it('reads the order only to open the extranet session, not again while it is cached', async () => {
    const { orderid, extranet, orders, service } = await collecting();
    const reads = jest.spyOn(orders, 'findById');
    await service.verifyLogin(orderid);
    expect(reads).toHaveBeenCalledTimes(1);
    await service.listDocuments(orderid, 1);
    await service.downloadDocuments(orderid, 1, LISTED, () => undefined);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(extranet.logins).toBe(1);

    // A failed call drops the session: the next one reads the order and logs in again.
    await kit.dataSource.query(`DELETE FROM documents WHERE orderid = $1`, [orderid]);
    extranet.failing.add('doc-0');
    await expect(
      service.downloadDocuments(orderid, 1, LISTED, () => undefined, { concurrency: 1 }),
    ).rejects.toThrow();
    expect(reads).toHaveBeenCalledTimes(1);
    extranet.failing.clear();
    await service.downloadDocuments(orderid, 1, LISTED, () => undefined);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(extranet.logins).toBe(2);

    // Checking the credentials always logs in afresh, a session cached or not.
    await service.verifyLogin(orderid);
    expect(extranet.logins).toBe(3);
  });

  it('serves a refresh’s new round from a session opened with its own syndic data', async () => {
    const { orderid, extranet, service } = await collecting();
    await service.verifyLogin(orderid);
    await service.listDocuments(orderid, 1);
    expect(extranet.usernames).toHaveLength(1);

    // The client's refresh brings other credentials with a new round, within the session's minute:
    // the new round's steps may run on a worker that holds the old round's session.
    await kit.dataSource.query(
      `UPDATE orders SET version = 2, syndic_username = 'nouvel-identifiant', syndic_password_sealed = $2
        WHERE orderid = $1`,
      [orderid, kit.security.secretBox.seal('nouveau-mot-de-passe', orderid)],
    );
    await service.listDocuments(orderid, 2);
    await service.downloadDocuments(orderid, 2, LISTED.slice(0, 1), () => undefined);
    expect(extranet.usernames.slice(1)).toEqual(['nouvel-identifiant']);
    // A step scheduled before the round was passed lists for the order's current round.
    await service.listDocuments(orderid);
    expect(extranet.logins).toBe(2);
  });
});
