import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { type OrderState } from '@libs/orders/order-state';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { pdfBytes } from '../support/document-fixtures';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * The operator attachments whose action's answer never came stay pending. Those of a round that can no
 * longer accept them (done, cancelled, replaced by a refresh) are taken back, rows and files; those of a
 * round still open, or stored too recently, are not. Real PostgreSQL and file store.
 */
describe('UploadedDocumentWriter.discardAbandoned (PostgreSQL, file store)', () => {
  let kit: NotificationTestKit;
  let accountId: string;
  const GRACE_MS = 10 * 60_000;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    accountId = (await createAccount(kit)).id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  const documents = () => new StoredDocumentRepository(kit.dataSource);
  const writer = () =>
    new UploadedDocumentWriter(documents(), kit.store, new TransactionRunner(kit.dataSource));

  /** An order in `state` at round `version`, cancelled when said. */
  async function orderIn(state: OrderState, round: { version?: number; cancelled?: boolean } = {}) {
    const { orderid } = await createOrder(kit, accountId, { state });
    await kit.dataSource.query(`UPDATE orders SET version = $2, cancelled_at = $3 WHERE orderid = $1`, [
      orderid,
      round.version ?? 1,
      round.cancelled ? new Date() : null,
    ]);
    return orderid;
  }

  /** An operator's attachment stored `minutesAgo` for the round, pending (its answer never came). */
  async function attach(orderid: string, version: number, marker: string, minutesAgo = 60) {
    const [written] = await writer().write(
      orderid,
      version,
      [{ doctype: 2, filename: `${marker}.pdf`, mimetype: 'application/pdf', content: pdfBytes(marker) }],
      { source: 'operator' },
    );
    await kit.dataSource.query(`UPDATE documents SET created_at = now() - $2::interval WHERE id = $1`, [
      written!.row.id,
      `${minutesAgo} minutes`,
    ]);
    return written!.row;
  }

  const rowsOf = async (orderid: string) =>
    (
      (await kit.dataSource.query(
        `SELECT order_version, filename, pending FROM documents WHERE orderid = $1 ORDER BY order_version, id`,
        [orderid],
      )) as { order_version: number; filename: string; pending: boolean }[]
    ).map((row) => `${row.order_version} ${row.filename}${row.pending ? ' (pending)' : ''}`);

  /** Passes until none is left, as the sweep runs them. */
  async function sweep(): Promise<void> {
    while ((await writer().discardAbandoned(new Date(Date.now() - GRACE_MS), 100)) === 100);
  }

  it('takes back what a done order’s last round left pending, rows and files, and keeps what was accepted', async () => {
    const orderid = await orderIn('done');
    const accepted = await attach(orderid, 1, 'accepté');
    const unanswered = await attach(orderid, 1, 'sans réponse');
    await new TransactionRunner(kit.dataSource).transaction((tx) =>
      documents().markAttached(tx, orderid, 1, [accepted.id]),
    );
    expect(await rowsOf(orderid)).toEqual(['1 accepté.pdf', '1 sans réponse.pdf (pending)']);

    await sweep();

    expect(await rowsOf(orderid)).toEqual(['1 accepté.pdf']);
    await expect(kit.store.get(unanswered.storageKey)).rejects.toThrow();
    expect(await kit.store.get(accepted.storageKey)).toEqual(pdfBytes('accepté'));
  });

  it('takes back a cancelled round’s, and a replaced round’s the refresh did not take back', async () => {
    const cancelled = await orderIn('received', { cancelled: true });
    await attach(cancelled, 1, 'annulée');
    const refreshed = await orderIn('received', { version: 2 });
    await attach(refreshed, 1, 'remplacée');
    const current = await attach(refreshed, 2, 'en cours');

    await sweep();

    expect(await rowsOf(cancelled)).toEqual([]);
    expect(await rowsOf(refreshed)).toEqual(['2 en cours.pdf (pending)']);
    expect(await kit.store.get(current.storageKey)).toEqual(pdfBytes('en cours'));
  });

  it('keeps what a round still open may accept, and what was stored within the grace', async () => {
    const open = await orderIn('waiting');
    const mayApply = await attach(open, 1, 'peut encore s’appliquer');
    const done = await orderIn('done');
    const recent = await attach(done, 1, 'à l’instant', 1);

    await sweep();

    expect(await rowsOf(open)).toEqual(['1 peut encore s’appliquer.pdf (pending)']);
    expect(await rowsOf(done)).toEqual(['1 à l’instant.pdf (pending)']);
    expect(await kit.store.get(mayApply.storageKey)).toEqual(pdfBytes('peut encore s’appliquer'));
    expect(await kit.store.get(recent.storageKey)).toEqual(pdfBytes('à l’instant'));
  });

  it('keeps a file another row of the order holds (the same file attached under another kind)', async () => {
    const orderid = await orderIn('done');
    const [kept] = await writer().write(
      orderid,
      1,
      [
        {
          doctype: 2,
          kind: 'minutes',
          filename: 'pv.pdf',
          mimetype: 'application/pdf',
          content: pdfBytes('pv'),
        },
      ],
      { source: 'operator' },
    );
    await new TransactionRunner(kit.dataSource).transaction((tx) =>
      documents().markAttached(tx, orderid, 1, [kept!.row.id]),
    );
    const [abandoned] = await writer().write(
      orderid,
      1,
      [
        {
          doctype: 2,
          kind: 'maintenance-log',
          filename: 'carnet.pdf',
          mimetype: 'application/pdf',
          content: pdfBytes('pv'),
        },
      ],
      { source: 'operator' },
    );
    await kit.dataSource.query(`UPDATE documents SET created_at = now() - interval '1 hour' WHERE id = $1`, [
      abandoned!.row.id,
    ]);
    expect(abandoned!.row.storageKey).toBe(kept!.row.storageKey);

    await sweep();

    expect(await rowsOf(orderid)).toEqual(['1 pv.pdf']);
    expect(await kit.store.get(kept!.row.storageKey)).toEqual(pdfBytes('pv'));
  });

  it('takes back more than one batch in a pass', async () => {
    const orderid = await orderIn('done');
    for (const marker of ['a', 'b', 'c']) await attach(orderid, 1, marker);
    expect(await writer().discardAbandoned(new Date(Date.now() - GRACE_MS), 2)).toBe(2);
    expect(await writer().discardAbandoned(new Date(Date.now() - GRACE_MS), 2)).toBe(1);
    expect(await rowsOf(orderid)).toEqual([]);
  });
});
