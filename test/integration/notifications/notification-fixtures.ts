import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type DataSource } from 'typeorm';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { type Doctype } from '@libs/orders/doctype';
import { type OrderState } from '@libs/orders/order-state';
import { type AccountStatement } from '@libs/statement/account-statement';
import { type HostResolver } from '@libs/platform/outbound/dns-host-resolver';
import { type OutboundAddressPolicy } from '@libs/platform/outbound/outbound-address.guard';
import { createOutboundHttpClient } from '@libs/platform/outbound/outbound-http-client.factory';
import { DocumentLinkSigner } from '@libs/notifications/document-links/document-link.signer';
import { NotificationContentRepository } from '@libs/notifications/delivery/notification-content.repository';
import { NotificationDeliveryService } from '@libs/notifications/delivery/notification-delivery.service';
import { NotificationPayloadBuilder } from '@libs/notifications/delivery/notification-payload.builder';
import { type NewNotification, NotificationRepository } from '@libs/notifications/notification.repository';
import { WebhookSender } from '@libs/notifications/delivery/webhook-sender';
import { createDataSource } from '@libs/persistence/data-source.factory';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { PreStatementEntity } from '@libs/persistence/entities/pre-statement.entity';
import { StoredDocumentEntity } from '@libs/persistence/entities/stored-document.entity';
import { AccountRepository } from '@libs/accounts/account.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { generateOrderId } from '@libs/orders/creation/order-id-generator';
import { buildAccountStatement } from '../../support/pre-statement-input.factory';
import { accountAdministration } from '../../support/test-accounts';
import { type SecurityServices, createSecurityServices } from '@libs/security/security-services.factory';

/** Everything the delivery tests build on: the suite's database, real repositories, a temporary store. */
export interface NotificationTestKit {
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  notifications: NotificationRepository;
  store: FilesystemDocumentStore;
  links: DocumentLinkSigner;
  specimen: Buffer;
  /** A delivery service; the guard policy and timeout vary per test. */
  deliveryService(options?: {
    policy?: OutboundAddressPolicy;
    timeoutMs?: number;
    resolver?: HostResolver;
  }): NotificationDeliveryService;
  close(): Promise<void>;
}

export async function openNotificationTestKit(): Promise<NotificationTestKit> {
  const config = loadConfig();
  const dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
  const security = createSecurityServices(config.security);
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notification-documents-'));
  const store = new FilesystemDocumentStore(storeDir);
  const links = DocumentLinkSigner.fromConfig(config);
  const specimen = fakePdf('SPÉCIMEN');
  const notifications = new NotificationRepository(dataSource);
  const payloads = new NotificationPayloadBuilder(
    new NotificationContentRepository(dataSource),
    store,
    links,
    async () => specimen,
  );
  return {
    config,
    dataSource,
    security,
    notifications,
    store,
    links,
    specimen,
    deliveryService({ policy = { allowPrivate: true }, timeoutMs = 5000, resolver } = {}) {
      return new NotificationDeliveryService(
        notifications,
        payloads,
        new WebhookSender(createOutboundHttpClient({ purpose: 'callback', policy, timeoutMs, resolver }), {
          timeoutMs,
        }),
        security.secretBox,
      );
    },
    async close() {
      await dataSource.destroy();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

export interface TestAccountRow {
  id: string;
  email: string;
  webhookSecret: string;
}

export async function createAccount(
  kit: NotificationTestKit,
  options: { callbackUrl?: string | null; shareDocuments?: boolean; shareRegistrationId?: boolean } = {},
): Promise<TestAccountRow> {
  const created = await accountAdministration(kit).create({
    email: `notaire-${randomUUID().slice(0, 8)}@example.fr`,
    password: `mot-de-passe-${randomUUID()}`,
    callbackUrl: options.callbackUrl ?? null,
    shareDocuments: options.shareDocuments ?? false,
    shareRegistrationId: options.shareRegistrationId ?? false,
  });
  const account = await new AccountRepository(kit.dataSource).findByEmail(created.email);
  return { id: account!.id, email: created.email, webhookSecret: created.webhook_secret };
}

export async function createOrder(
  kit: NotificationTestKit,
  accountId: string,
  overrides: {
    state?: OrderState;
    externalId?: string;
    callbackUrl?: string | null;
    testMode?: boolean;
    statement?: AccountStatement | null;
  } = {},
): Promise<OrderEntity> {
  const now = new Date();
  const order = kit.dataSource.getRepository(OrderEntity).create({
    orderid: generateOrderId(),
    accountId,
    externalId: overrides.externalId ?? 'DOSSIER-42',
    state: overrides.state ?? 'done',
    testMode: overrides.testMode ?? false,
    refreshed: false,
    method: 'extranet',
    address: '12 rue des Lilas',
    additional: '',
    city: 'Paris',
    zipcode: '75011',
    owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
    invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
    lots: '12, 47',
    comment: null,
    allDuePaid: false,
    callbackUrl: overrides.callbackUrl ?? null,
    syndicName: 'Cabinet Martin Gestion',
    syndicUsername: 'jeanne.dupont',
    syndicPasswordSealed: null,
    syndicUrl: null,
    version: 1,
    statement: overrides.statement === undefined ? buildAccountStatement() : overrides.statement,
    statementVersion: 1,
    missingDoctypes: [],
    doneAt: null,
    createdAt: now,
    updatedAt: now,
  });
  // Not insertWithEvent: that one also writes the creation's notification, and these orders are made
  // in any state for tests that write the notifications they deliver.
  await kit.dataSource.transaction(async (manager) => {
    await manager.insert(OrderEntity, order);
    await new OrderRepository(kit.dataSource).insertEvent(manager, {
      orderid: order.orderid,
      fromState: null,
      toState: order.state,
      trigger: 'test-fixture',
      detail: {},
      at: now,
    });
  });
  return order;
}

/** Stores a pre-statement PDF for the order version and returns its bytes. */
export async function storePreStatement(kit: NotificationTestKit, order: OrderEntity): Promise<Buffer> {
  const pdf = fakePdf(`Pré-état daté ${order.orderid}`);
  const storageKey = `${order.orderid}/v${order.version}/pre-statement.pdf`;
  await kit.store.put(storageKey, pdf);
  await kit.dataSource.getRepository(PreStatementEntity).insert({
    orderid: order.orderid,
    orderVersion: order.version,
    storageKey,
    size: pdf.length,
    statement: order.statementVersion === order.version ? order.statement : null,
    missingDoctypes: [],
  });
  return pdf;
}

export async function storeDocument(
  kit: NotificationTestKit,
  order: OrderEntity,
  document: { doctype: Doctype; title: string; documentDate: string | null; createdAt?: Date },
): Promise<StoredDocumentEntity> {
  const content = fakePdf(document.title);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const storageKey = `${order.orderid}/v${order.version}/${sha256}.pdf`;
  await kit.store.put(storageKey, content);
  const repository = kit.dataSource.getRepository(StoredDocumentEntity);
  return repository.save(
    repository.create({
      orderid: order.orderid,
      orderVersion: order.version,
      source: 'extranet',
      sourceRef: sha256,
      doctype: document.doctype,
      title: document.title,
      filename: `${document.title}.pdf`,
      documentDate: document.documentDate,
      mimetype: 'application/pdf',
      size: content.length,
      sha256,
      storageKey,
      ...(document.createdAt ? { createdAt: document.createdAt } : {}),
    }),
  );
}

function fakePdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'utf8');
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived on the wire. */
  rawBody: Buffer;
}

type Responder = (request: ReceivedRequest, res: ServerResponse) => void;

/** A real HTTP receiver on a loopback port; records every request it gets. */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** TCP connections accepted so far. */
  connections = 0;
  private responder: Responder;

  private constructor(
    private readonly server: http.Server,
    responder: Responder,
  ) {
    this.responder = responder;
  }

  static async start(responder: Responder = answer(200, 'ok'), host = '127.0.0.1'): Promise<TestReceiver> {
    const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
        };
        receiver.requests.push(request);
        receiver.responder(request, res);
      });
    });
    const receiver = new TestReceiver(server, responder);
    server.on('connection', () => receiver.connections++);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The callback URL with the host as given (an IP literal or a name). */
  url(host = '127.0.0.1', pathname = '/hooks/pre-etat'): string {
    const literal = host.includes(':') ? `[${host}]` : host;
    return `http://${literal}:${this.port}${pathname}`;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function answer(status: number, body = '', headers: Record<string, string> = {}): Responder {
  return (_request, res) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
    res.end(body);
  };
}

/** A live `received` notification of version 1 of the order, unless `fields` say otherwise; its id. */
export function createNotification(
  kit: NotificationTestKit,
  orderid: string,
  fields: Partial<NewNotification> = {},
): Promise<string> {
  return kit.notifications.create({ orderid, status: 'received', orderVersion: 1, test: false, ...fields });
}
