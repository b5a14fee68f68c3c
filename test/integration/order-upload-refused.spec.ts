import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { Doctype } from '@libs/orders/doctype';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { type UploadedDocument } from '@libs/orders/documents/uploaded-document';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { pdfBytes } from '../support/document-fixtures';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * Uploads written in a transaction that does not commit (a refusal decided after the files were
 * written, a failure) take their files back, never a file another request's committed row points to.
 * Real PostgreSQL, the filesystem store.
 */
describe('uploads of a transaction that does not commit (PostgreSQL)', () => {
  let kit: NotificationTestKit;
  let accountId: string;
  let documents: StoredDocumentRepository;
  let writer: UploadedDocumentWriter;
  let storeDir: string;
  let store: FilesystemDocumentStore;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    accountId = (await createAccount(kit)).id;
    documents = new StoredDocumentRepository(kit.dataSource);
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'refused-uploads-'));
    store = new FilesystemDocumentStore(storeDir);
    writer = new UploadedDocumentWriter(documents, store, new TransactionRunner(kit.dataSource));
  });
  afterAll(async () => {
    await kit?.close();
    if (storeDir) await fs.rm(storeDir, { recursive: true, force: true });
  });

  const minutes = (marker: string): UploadedDocument => ({
    doctype: Doctype.Minutes,
    filename: 'pv-ag.pdf',
    mimetype: 'application/pdf',
    content: pdfBytes(marker),
  });
  const rowsOf = async (orderid: string) =>
    (await documents.listForOrderVersion(orderid, 1)).map((row) => row.storageKey);
  const fileExists = (key: string) =>
    store.get(key).then(
      () => true,
      () => false,
    );
  const keyOf = (orderid: string) => async (): Promise<string> => {
    const [row] = await documents.listForOrderVersion(orderid, 1);
    return row!.storageKey;
  };

  it('removes the files of a refused transaction, and the directories they were alone in', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'waiting' });
    let written = '';
    await expect(
      writer.transaction(async (_tx, write) => {
        written = (await write(orderid, 1, [minutes('refusé')]))[0]!.row.storageKey;
        expect(await store.get(written)).toEqual(pdfBytes('refusé'));
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    expect(await rowsOf(orderid)).toEqual([]);
    expect(await fileExists(written)).toBe(false);
    await expect(fs.readdir(path.join(storeDir, 'orders', orderid))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('keeps a file that a committed row points to', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'waiting' });
    await writer.transaction((_tx, write) => write(orderid, 1, [minutes('gardé')]));
    const key = await keyOf(orderid)();
    await expect(
      writer.transaction(async (_tx, write) => {
        const [again] = await write(orderid, 1, [minutes('gardé')]);
        expect(again!.inserted).toBe(false);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rowsOf(orderid)).toEqual([key]);
    expect(await store.get(key)).toEqual(pdfBytes('gardé'));
  });

  it('keeps the file of a request that writes it while a failed one takes its own back', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'waiting' });
    let releaseWinner!: () => void;
    const winnerMayCommit = new Promise<void>((resolve) => (releaseWinner = resolve));
    let winnerWrote!: () => void;
    const winnerHasWritten = new Promise<void>((resolve) => (winnerWrote = resolve));
    let loserWrote!: () => void;
    const loserHasWritten = new Promise<void>((resolve) => (loserWrote = resolve));

    // The loser writes first and fails; the winner, waiting for the same file, writes it as soon as the
    // loser's transaction ends, and commits only later: the loser's removal must wait for it.
    const loser = writer.transaction(async (_tx, write) => {
      await write(orderid, 1, [minutes('partagé')]);
      loserWrote();
      // Lets the winner queue up behind this one's hold.
      await new Promise((resolve) => setTimeout(resolve, 200));
      throw new Error('loser fails');
    });
    await loserHasWritten;
    const winner = writer.transaction(async (_tx, write) => {
      await write(orderid, 1, [minutes('partagé')]);
      winnerWrote();
      await winnerMayCommit;
    });
    await winnerHasWritten;
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseWinner();
    await expect(loser).rejects.toThrow('loser fails');
    await winner;

    const key = await keyOf(orderid)();
    expect(await fileExists(key)).toBe(true);
    expect(await store.get(key)).toEqual(pdfBytes('partagé'));
  });

  it('takes back the rows a committed upload inserted, and only those', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'waiting' });
    const [earlier] = await writer.transaction((_tx, write) => write(orderid, 1, [minutes('avant')]));
    const written = await writer.transaction((_tx, write) =>
      write(orderid, 1, [minutes('avant'), minutes('après')]),
    );
    expect(written.map((document) => document.inserted)).toEqual([false, true]);
    await writer.discard(written);
    expect(await rowsOf(orderid)).toEqual([earlier!.row.storageKey]);
    expect(await fileExists(earlier!.row.storageKey)).toBe(true);
    expect(await fileExists(written[1]!.row.storageKey)).toBe(false);
  });

  it('takes back an operator’s refused attachment, not a row of it the workflow accepted meanwhile', async () => {
    // A row one form stored is the one a second form with the same file finds and names: the second
    // accepted (its row attached, here the first one), the first's refusal must not take it back.
    const { orderid } = await createOrder(kit, accountId, { state: 'waiting' });
    const written = await writer.write(orderid, 1, [minutes('accepté'), minutes('refusé')], {
      source: 'operator',
    });
    expect(written.map((document) => [document.inserted, document.row.pending])).toEqual([
      [true, true],
      [true, true],
    ]);
    await kit.dataSource.transaction((tx) => documents.markAttached(tx, orderid, 1, [written[0]!.row.id]));
    await writer.discard(written);
    // Pending rows included: none of the refused one is left.
    const left = (await kit.dataSource.query(`SELECT id FROM documents WHERE orderid = $1`, [orderid])) as {
      id: number;
    }[];
    expect(left.map((row) => row.id)).toEqual([written[0]!.row.id]);
    expect(await fileExists(written[0]!.row.storageKey)).toBe(true);
    expect(await fileExists(written[1]!.row.storageKey)).toBe(false);
  });
});
