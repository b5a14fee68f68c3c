import { createHash } from 'node:crypto';
import { type Doctype, REQUIRED_DOCTYPES } from '../domain/doctype';
import { type DocumentStore } from '../documents/document-store';
import { type ExtranetConnectorRegistry } from '../extranet/extranet-connector.registry';
import { type ExtranetDocument } from '../extranet/extranet-document';
import { type ExtranetConnector } from '../extranet/extranet.port';
import { type ExtranetSession } from '../extranet/extranet-session';
import { type OrderEntity } from '../persistence/entities/order.entity';
import { type OrderRepository } from '../persistence/repositories/order.repository';
import { type StoredDocumentRepository } from '../persistence/repositories/stored-document.repository';
import { type SecretBox } from '../security/secret-box';
import { syndicCredentialsOf } from './order-credentials';

export class OrderNotFoundForProcessingError extends Error {
  override readonly name = 'OrderNotFoundForProcessingError';
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * Collection from the syndic's extranet on an order's behalf. Every step logs in on its own: the
 * extranet session never leaves the worker, and each step can be retried alone.
 */
export class OrderCollectionService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly connectors: ExtranetConnectorRegistry,
    private readonly store: DocumentStore,
    private readonly secretBox: SecretBox,
  ) {}

  /** Throws ExtranetCredentialsRefusedError when the extranet refuses the seller's credentials. */
  async verifyLogin(orderid: string): Promise<void> {
    await this.session(await this.order(orderid));
  }

  async collectStatement(orderid: string, version: number): Promise<void> {
    const order = await this.order(orderid);
    const { connector, session } = await this.session(order);
    const statement = await connector.fetchStatement(session, lotsOf(order));
    await this.orders.saveStatement(orderid, version, statement);
  }

  async listDocuments(orderid: string): Promise<ExtranetDocument[]> {
    const order = await this.order(orderid);
    const { connector, session } = await this.session(order);
    return connector.listDocuments(session);
  }

  /** Downloads one listed document unless this order version already has it. */
  async downloadDocument(orderid: string, version: number, document: ExtranetDocument): Promise<void> {
    if (await this.documents.existsForOrderVersion(orderid, version, 'extranet', document.id)) return;
    const order = await this.order(orderid);
    const { connector, session } = await this.session(order);
    const { content, mimetype } = await connector.downloadDocument(session, document.id);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const storageKey = `orders/${orderid}/v${version}/extranet-${sha256}.${EXTENSIONS[mimetype] ?? 'bin'}`;
    await this.store.put(storageKey, content);
    await this.documents.insertIfAbsent({
      orderid,
      orderVersion: version,
      source: 'extranet',
      sourceRef: document.id,
      doctype: document.doctype,
      title: document.title,
      filename: `${document.title}.${EXTENSIONS[mimetype] ?? 'bin'}`,
      documentDate: document.date,
      mimetype,
      size: content.length,
      sha256,
      storageKey,
    });
  }

  /** Required document types this order version still lacks (downloads and uploads together). */
  async missingDoctypes(orderid: string, version: number): Promise<Doctype[]> {
    const present = new Set(
      (await this.documents.listForOrderVersion(orderid, version)).map((d) => d.doctype),
    );
    const missing = REQUIRED_DOCTYPES.filter((doctype) => !present.has(doctype));
    await this.orders.saveMissingDoctypes(orderid, version, missing);
    return missing;
  }

  private async order(orderid: string): Promise<OrderEntity> {
    const order = await this.orders.findById(orderid);
    if (!order) throw new OrderNotFoundForProcessingError(`Order ${orderid} does not exist`);
    return order;
  }

  private async session(
    order: OrderEntity,
  ): Promise<{ connector: ExtranetConnector; session: ExtranetSession }> {
    const credentials = syndicCredentialsOf(order, this.secretBox);
    if (!credentials)
      throw new OrderNotFoundForProcessingError(`Order ${order.orderid} has no syndic credentials`);
    const connector = this.connectors.connectorFor({ syndic: credentials, testMode: order.testMode });
    return { connector, session: await connector.login(credentials) };
  }
}

function lotsOf(order: OrderEntity): string[] | null {
  const lots = (order.lots ?? '')
    .split(/[,;\s]+/)
    .map((lot) => lot.trim())
    .filter((lot) => lot !== '');
  return lots.length > 0 ? lots : null;
}
