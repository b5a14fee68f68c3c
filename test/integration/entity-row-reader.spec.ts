import { NotificationContentRepository } from '@libs/notifications/delivery/notification-content.repository';
import { Doctype } from '@libs/orders/doctype';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { PreStatementRepository } from '@libs/pre-statement/pre-statement.repository';
import {
  type NotificationTestKit,
  createAccount,
  createOrder,
  openNotificationTestKit,
  storeDocument,
  storePreStatement,
} from './notifications/notification-fixtures';

/**
 * The hot reads written as SQL (libs/persistence/entity-row.reader.ts) give the entities TypeORM's
 * own find gives, column for column, on PostgreSQL: every type the entities use, nulls included.
 */
describe('entities read with written SQL, against TypeORM’s find', () => {
  let kit: NotificationTestKit;
  let order: OrderEntity;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
    order = await createOrder(kit, (await createAccount(kit)).id, { externalId: 'DOSSIER-ÉTÉ' });
    // Every kind of column set: timestamps, jsonb objects, text, and some left null.
    await kit.dataSource.query(
      `UPDATE orders SET done_at = now(), assisted_since = now() - interval '1 day', fulfilment_mode = 'assisted',
              assistance_reason = 'connector_failed', document_existence = '{"plans": false}'::jsonb,
              missing_doctypes = '[5, 8]'::jsonb, syndic_password_sealed = 'scellé'
        WHERE orderid = $1`,
      [order.orderid],
    );
    await storeDocument(kit, order, {
      doctype: Doctype.Minutes,
      title: 'PV 2024',
      documentDate: '2024-06-12',
    });
    await storeDocument(kit, order, { doctype: Doctype.Plans, title: 'Plans', documentDate: null });
    await storePreStatement(kit, order);
  });
  afterAll(() => kit.close());

  it('reads an order as TypeORM does', async () => {
    const orders = new OrderRepository(kit.dataSource);
    const expected = await kit.dataSource.getRepository(OrderEntity).findOneBy({ orderid: order.orderid });
    const read = await orders.findById(order.orderid);
    expect(read).toBeInstanceOf(OrderEntity);
    expect(read).toEqual(expected);
    expect(read!.doneAt).toBeInstanceOf(Date);
    expect(read!.documentExistence).toEqual({ plans: false });
    expect(read!.statement).toEqual(order.statement);
    expect(await orders.findForAccount(order.orderid, order.accountId)).toEqual(expected);
    expect(await orders.findForAccount(order.orderid, '00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(await orders.findById('ZZZZZZ')).toBeNull();
  });

  it('reads an order version’s documents and its pre-statement as TypeORM does', async () => {
    const documents = new StoredDocumentRepository(kit.dataSource);
    const expected = await kit.dataSource.getRepository(StoredDocumentEntity).find({
      where: { orderid: order.orderid, orderVersion: order.version },
      order: { id: 'ASC' },
    });
    const read = await documents.listForOrderVersion(order.orderid, order.version);
    expect(read.map((document) => document.title)).toEqual(['PV 2024', 'Plans']);
    expect(read).toEqual(expected);
    expect(read[0]).toBeInstanceOf(StoredDocumentEntity);
    expect(read[1]!.documentDate).toBeNull();
    expect(await documents.sourceRefsForOrderVersion(order.orderid, order.version, 'extranet')).toEqual(
      new Set(expected.map((document) => document.sourceRef)),
    );

    const preStatements = new PreStatementRepository(kit.dataSource);
    expect(await preStatements.findForOrderVersion(order.orderid, order.version)).toEqual(
      await kit.dataSource
        .getRepository(PreStatementEntity)
        .findOneBy({ orderid: order.orderid, orderVersion: order.version }),
    );
    expect(await preStatements.findForOrderVersion(order.orderid, order.version + 1)).toBeNull();
  });

  it('reads what a `done` notification carries as TypeORM does: the documents by type, then arrival', async () => {
    const other = await createOrder(kit, order.accountId);
    await storeDocument(kit, other, { doctype: Doctype.Plans, title: 'Plans', documentDate: null });
    await storeDocument(kit, other, {
      doctype: Doctype.Minutes,
      title: 'PV 2023',
      documentDate: '2023-06-14',
    });
    await storeDocument(kit, other, {
      doctype: Doctype.Minutes,
      title: 'PV 2024',
      documentDate: '2024-06-12',
    });
    // An operator's attachment the workflow has not accepted yet is not the order's.
    await storeDocument(kit, other, { doctype: Doctype.Minutes, title: 'PV en attente', documentDate: null });
    await kit.dataSource.query(`UPDATE documents SET pending = true WHERE orderid = $1 AND title = $2`, [
      other.orderid,
      'PV en attente',
    ]);
    await storePreStatement(kit, other);
    const content = new NotificationContentRepository(kit.dataSource);

    const read = await content.listDocuments(other.orderid, other.version);
    expect(read.map((document) => document.title)).toEqual(['PV 2023', 'PV 2024', 'Plans']);
    expect(read).toEqual(
      await kit.dataSource.getRepository(StoredDocumentEntity).find({
        where: { orderid: other.orderid, orderVersion: other.version, pending: false },
        order: { doctype: 'ASC', id: 'ASC' },
      }),
    );
    expect(await content.listDocuments(other.orderid, other.version + 1)).toEqual([]);
    expect(await content.findPreStatement(other.orderid, other.version)).toEqual(
      await kit.dataSource
        .getRepository(PreStatementEntity)
        .findOneBy({ orderid: other.orderid, orderVersion: other.version }),
    );
  });
});
