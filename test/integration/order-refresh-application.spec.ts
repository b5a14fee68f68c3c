import { AccountRepository } from '@libs/accounts/account.repository';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { pdfBytes } from '../support/document-fixtures';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderRefreshApplicationService } from '@libs/orders/refresh/order-refresh-application.service';
import { OrderRefreshRequestRepository } from '@libs/orders/refresh/order-refresh-request.repository';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
} from './notifications/notification-fixtures';

/**
 * A refresh is applied by a local activity, which runs again when its first answer did not reach the
 * workflow: the activity failed after its transaction committed, or the worker died before recording
 * it. The second run must answer what the first did, or the workflow never opens the new round nor
 * sends its `need-refresh`. Real PostgreSQL.
 */
describe('OrderRefreshApplicationService.apply run again (PostgreSQL)', () => {
  let kit: NotificationTestKit;
  let accountId: string;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    accountId = (await createAccount(kit)).id;
  });
  afterAll(async () => {
    await kit?.close();
  });

  /** The service, over an account repository whose first `findById` fails when `failFirst` is set. */
  function service(failFirst = false): OrderRefreshApplicationService {
    const accounts = new AccountRepository(kit.dataSource);
    let failing = failFirst;
    const findById = accounts.findById.bind(accounts);
    accounts.findById = (id) => {
      if (!failing) return findById(id);
      failing = false;
      return Promise.reject(new Error('connection terminated unexpectedly'));
    };
    const documents = new StoredDocumentRepository(kit.dataSource);
    return new OrderRefreshApplicationService(
      new TransactionRunner(kit.dataSource),
      new OrderRepository(kit.dataSource),
      new OrderRefreshRequestRepository(kit.dataSource),
      documents,
      accounts,
      writer(),
    );
  }

  const writer = () =>
    new UploadedDocumentWriter(
      new StoredDocumentRepository(kit.dataSource),
      kit.store,
      new TransactionRunner(kit.dataSource),
    );

  async function refreshRequest(orderid: string): Promise<string> {
    return new OrderRefreshRequestRepository(kit.dataSource).create({
      orderid,
      comment: 'Nouvel appel de fonds',
      allDuePaid: true,
      method: 'extranet',
      syndicName: null,
      syndicUsername: null,
      syndicPasswordSealed: null,
      syndicUrl: null,
    });
  }

  async function written(orderid: string) {
    const order = await kit.dataSource.getRepository(OrderEntity).findOneByOrFail({ orderid });
    const notifications = (await kit.dataSource.query(
      `SELECT id, order_version FROM notifications WHERE orderid = $1 AND status = 'need-refresh'`,
      [orderid],
    )) as { id: string; order_version: number }[];
    return { order, notifications };
  }

  it('answers the round and the notification it made when its first answer was lost after the commit', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'done' });
    const requestId = await refreshRequest(orderid);
    const refreshes = service(true);

    await expect(refreshes.apply(orderid, requestId, new Date('2026-11-27T10:00:00.000Z'))).rejects.toThrow(
      'connection terminated unexpectedly',
    );
    const retried = await refreshes.apply(orderid, requestId, new Date('2026-11-27T10:00:03.000Z'));

    const { order, notifications } = await written(orderid);
    expect(order.version).toBe(2);
    expect(order.state).toBe('need-refresh');
    expect(notifications).toEqual([{ id: expect.any(String), order_version: 2 }]);
    expect(retried).toMatchObject({ version: 2, notificationId: notifications[0]!.id });
    expect(retried.record.state).toBe('need-refresh');
  });

  it('changes nothing more when run again, and answers the same as the first time', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'done' });
    const requestId = await refreshRequest(orderid);
    const refreshes = service();

    const first = await refreshes.apply(orderid, requestId, new Date('2026-11-27T11:00:00.000Z'));
    const again = await refreshes.apply(orderid, requestId, new Date('2026-11-27T11:00:05.000Z'));

    expect(again.version).toBe(first.version);
    expect(again.notificationId).toBe(first.notificationId);
    const { order, notifications } = await written(orderid);
    expect(order.version).toBe(2);
    expect(notifications).toHaveLength(1);
  });

  it('answers an earlier refresh’s own round once a later one was applied', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'done' });
    const refreshes = service();
    const earlier = await refreshRequest(orderid);
    const first = await refreshes.apply(orderid, earlier, new Date('2026-11-27T12:00:00.000Z'));
    await refreshes.apply(orderid, await refreshRequest(orderid), new Date('2026-11-27T12:01:00.000Z'));

    const again = await refreshes.apply(orderid, earlier, new Date('2026-11-27T12:02:00.000Z'));

    expect(again).toMatchObject({ version: 2, notificationId: first.notificationId });
    expect((await written(orderid)).order.version).toBe(3);
  });
  it('takes back the operator attachments the previous round left pending, and keeps those accepted', async () => {
    const { orderid } = await createOrder(kit, accountId, { state: 'done' });
    const attach = (marker: string) =>
      writer().write(
        orderid,
        1,
        [{ doctype: 2, filename: `${marker}.pdf`, mimetype: 'application/pdf', content: pdfBytes(marker) }],
        { source: 'operator' },
      );
    const [accepted] = await attach('accepté');
    const [unanswered] = await attach('sans réponse');
    await new TransactionRunner(kit.dataSource).transaction((tx) =>
      new StoredDocumentRepository(kit.dataSource).markAttached(tx, orderid, 1, [accepted!.row.id]),
    );
    const rowsOf = async () =>
      (
        (await kit.dataSource.query(
          `SELECT order_version, filename, pending FROM documents WHERE orderid = $1 ORDER BY order_version, id`,
          [orderid],
        )) as { order_version: number; filename: string; pending: boolean }[]
      ).map((row) => `${row.order_version} ${row.filename}${row.pending ? ' (pending)' : ''}`);
    expect(await rowsOf()).toEqual(['1 accepté.pdf', '1 sans réponse.pdf (pending)']);

    const requestId = await refreshRequest(orderid);
    await service().apply(orderid, requestId, new Date('2026-11-27T11:00:00.000Z'));

    expect(await rowsOf()).toEqual(['1 accepté.pdf', '2 accepté.pdf']);
    await expect(kit.store.get(unanswered!.row.storageKey)).rejects.toThrow();
    expect(await kit.store.get(accepted!.row.storageKey)).toEqual(pdfBytes('accepté'));
    // Run again, as a local activity is: nothing more goes.
    await service().apply(orderid, requestId, new Date('2026-11-27T11:00:00.000Z'));
    expect(await rowsOf()).toEqual(['1 accepté.pdf', '2 accepté.pdf']);
  });
});
