import { createHash } from 'node:crypto';
import { type Doctype, REQUIRED_DOCTYPES } from '../doctype';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { type ExtranetConnectorRegistry } from '@libs/extranet/extranet-connector.registry';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import { type ExtranetConnector } from '@libs/extranet/extranet.port';
import { type ExtranetSession } from '@libs/extranet/extranet-session';
import { ExtranetDocumentUnavailableError } from '@libs/extranet/extranet-errors';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type OrderRepository } from '../order.repository';
import { kindsNotAwaited, missingRequiredDoctypes } from '../documents/document-existence';
import { collectedContentProblem } from '../documents/collected-document-content';
import { documentStorageKeys } from '../documents/document-storage-key';
import { isUploadMimetype } from '../documents/uploaded-document';
import { storedFilename, storedTitle } from '../documents/stored-document-names';
import { readStoredStatement } from '@libs/statement/stored-statement.reader';
import {
  type NewStoredDocument,
  type StoredDocumentRepository,
} from '../documents/stored-document.repository';
import { CoalescingDocumentInserter } from '../documents/coalescing-document.inserter';
import { parseLots } from '../order-lots';
import { type SecretBox } from '@libs/security/secret-box';
import { syndicCredentialsOf } from './order-credentials';
import { OrderCredentialsMissingError, OrderNotFoundForProcessingError } from './order-processing.errors';

/** Extranet sessions are reused for a short while: one collection makes a dozen calls in a few seconds. */
const SESSION_TTL_MS = 60_000;
const MAX_CACHED_SESSIONS = 1000;
/**
 * How long downloaded documents' rows wait to be written together: an order's listing usually arrives
 * within it, in one statement. A retry after the worker died downloads again at most this much.
 */
const DOCUMENT_ROW_WINDOW_MS = 2_000;

export interface DownloadOptions {
  /** Documents downloaded side by side. */
  concurrency?: number;
  rowWindowMs?: number;
}

/** A listed document whose download was not that document, and not kept. */
export interface RefusedDownload {
  documentId: string;
  doctype: Doctype;
  problem: string;
}

interface CachedSession {
  connector: ExtranetConnector;
  session: ExtranetSession;
  expiresAt: number;
}

/**
 * Collection from the syndic's extranet on an order's behalf. The extranet session never leaves the
 * worker (it is cached here briefly, never passed through Temporal), and each step can be retried alone.
 * Sessions are cached per collection round (`sessionKey`): a refresh brings new syndic data with a new
 * round, so no step of the new round is served from a session opened with the old data, whichever
 * worker opened it.
 */
export class OrderCollectionService {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly opening = new Map<string, Promise<CachedSession>>();

  constructor(
    private readonly orders: OrderRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly connectors: ExtranetConnectorRegistry,
    private readonly store: DocumentStore,
    private readonly secretBox: SecretBox,
  ) {}

  /**
   * Throws ExtranetCredentialsRefusedError when the extranet refuses the seller's credentials, and the
   * permanent failures of order-processing-failure.ts (beside this file) when no extranet can be reached.
   */
  async verifyLogin(orderid: string): Promise<void> {
    const order = await this.order(orderid);
    // Always a fresh login: this step exists to check the credentials.
    const key = sessionKey(orderid, order.version);
    this.sessions.delete(key);
    await this.open(key, async () => order);
  }

  async collectStatement(orderid: string, version: number): Promise<void> {
    const order = await this.order(orderid);
    const statement = await this.withSession(
      sessionKey(orderid, version),
      async () => order,
      (connector, session) => connector.fetchStatement(session, parseLots(order.lots)),
    );
    await this.orders.saveStatement(orderid, version, statement);
  }

  /** `version` is the round's; a step scheduled before it was passed lists for the order's current round. */
  async listDocuments(orderid: string, version?: number): Promise<ExtranetDocument[]> {
    const orderOf = this.orderOnDemand(orderid);
    const round = version ?? (await orderOf()).version;
    return this.withSession(sessionKey(orderid, round), orderOf, (connector, session) =>
      connector.listDocuments(session),
    );
  }

  /**
   * Downloads the listed documents this order version does not have yet, a few at a time;
   * `progress` is called after each one (the activity heartbeats with it). Their rows are written
   * together (CoalescingDocumentInserter): at the latest `rowWindowMs` after a download, and before
   * this returns or throws.
   */
  async downloadDocuments(
    orderid: string,
    version: number,
    documents: ExtranetDocument[],
    progress: (done: number) => void,
    { concurrency = 4, rowWindowMs = DOCUMENT_ROW_WINDOW_MS }: DownloadOptions = {},
  ): Promise<RefusedDownload[]> {
    // A retry skips what an earlier attempt stored.
    const stored = await this.documents.sourceRefsForOrderVersion(orderid, version, 'extranet');
    const wanted = documents.filter((document) => !stored.has(document.id));
    let next = 0;
    let done = documents.length - wanted.length;
    if (done > 0) progress(done);
    // The order is read only if the extranet session has to be opened again.
    const orderOf = this.orderOnDemand(orderid);
    const rows = new CoalescingDocumentInserter(this.documents, rowWindowMs);
    let failed = false;
    const refused: RefusedDownload[] = [];
    const workers = Array.from({ length: Math.min(concurrency, wanted.length) }, async () => {
      while (!failed && next < wanted.length) {
        const document = wanted[next++]!;
        try {
          const downloaded = await this.downloadDocument(orderid, orderOf, version, document);
          if ('problem' in downloaded) refused.push(downloaded);
          else rows.add(downloaded);
        } catch (error) {
          // One document the extranet will not give now holds none of the others.
          if (error instanceof ExtranetDocumentUnavailableError) {
            refused.push({ documentId: document.id, doctype: document.doctype, problem: error.message });
            progress(++done);
            continue;
          }
          failed = true;
          throw error;
        }
        progress(++done);
      }
    });
    // The downloads in flight when one fails still finish, and their rows are written with the others'
    // before the failure is reported: the retry fetches only the rest, and nothing is written after.
    const failure = (await Promise.allSettled(workers)).find(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    if (failure) {
      // The download's failure is the one reported (the retry downloads again what was not written).
      await rows.close().catch(() => undefined);
      throw failure.reason;
    }
    await rows.close();
    return refused;
  }

  /**
   * Downloads and stores one listed document's content (stored once however often it is downloaded),
   * and returns its row; or, when what came is not that document, why, with nothing stored.
   */
  private async downloadDocument(
    orderid: string,
    orderOf: () => Promise<OrderEntity>,
    version: number,
    document: ExtranetDocument,
  ): Promise<NewStoredDocument | RefusedDownload> {
    const downloaded = await this.withSession(sessionKey(orderid, version), orderOf, (connector, session) =>
      connector.downloadDocument(session, document.id),
    );
    const { content } = downloaded;
    const problem = collectedContentProblem(content, document.mimetype, downloaded.mimetype);
    if (problem !== null) return { documentId: document.id, doctype: document.doctype, problem };
    // An answer's generic type (application/octet-stream, say) gives way to the listing's, once the
    // bytes are shown to be of that type.
    const mimetype = isUploadMimetype(document.mimetype) ? document.mimetype : downloaded.mimetype;
    const sha256 = createHash('sha256').update(content).digest('hex');
    const storageKey = documentStorageKeys.collected(orderid, version, 'extranet', sha256, mimetype);
    await this.store.put(storageKey, content);
    return {
      orderid,
      orderVersion: version,
      source: 'extranet',
      sourceRef: document.id,
      doctype: document.doctype,
      kind: document.kind,
      title: storedTitle(document.title),
      filename: storedFilename(document.title, mimetype),
      documentDate: document.date,
      mimetype,
      size: content.length,
      sha256,
      storageKey,
    };
  }

  /**
   * Required document types this order version still lacks (downloads, uploads and an operator's
   * attachments together), a type the co-ownership does not have aside (the statement's list and an
   * operator's marks).
   */
  async missingDoctypes(orderid: string, version: number): Promise<Doctype[]> {
    const order = await this.order(orderid);
    const documents = await this.documents.listForOrderVersion(orderid, version);
    const statement = order.statementVersion === version ? readStoredStatement(order.statement) : null;
    const missing = missingRequiredDoctypes(
      REQUIRED_DOCTYPES,
      documents,
      kindsNotAwaited(statement, order.documentExistence),
    );
    await this.orders.saveMissingDoctypes(orderid, version, missing);
    return missing;
  }

  /** The order, read once at the first call and not before (only opening a session needs it). */
  private orderOnDemand(orderid: string): () => Promise<OrderEntity> {
    let loading: Promise<OrderEntity> | undefined;
    return () => (loading ??= this.order(orderid));
  }

  private async order(orderid: string): Promise<OrderEntity> {
    const order = await this.orders.findById(orderid);
    if (!order) throw new OrderNotFoundForProcessingError(`Order ${orderid} does not exist`);
    return order;
  }

  /**
   * Runs `call` with the round's cached session; a failure drops the session so the retry logs in
   * again. The order (`orderOf`) is read only to open a session.
   */
  private async withSession<T>(
    key: string,
    orderOf: () => Promise<OrderEntity>,
    call: (connector: ExtranetConnector, session: ExtranetSession) => Promise<T>,
  ): Promise<T> {
    const { connector, session } = await this.session(key, orderOf);
    try {
      return await call(connector, session);
    } catch (error) {
      // A document the extranet does not have says nothing against the session.
      if (!(error instanceof ExtranetDocumentUnavailableError)) this.sessions.delete(key);
      throw error;
    }
  }

  private async session(key: string, orderOf: () => Promise<OrderEntity>): Promise<CachedSession> {
    const cached = this.sessions.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    // Downloads side by side share one login rather than each opening a session of its own.
    let opening = this.opening.get(key);
    if (!opening) {
      opening = this.open(key, orderOf).finally(() => this.opening.delete(key));
      this.opening.set(key, opening);
    }
    return opening;
  }

  private async open(key: string, orderOf: () => Promise<OrderEntity>): Promise<CachedSession> {
    const order = await orderOf();
    const credentials = syndicCredentialsOf(order, this.secretBox);
    if (!credentials) {
      throw new OrderCredentialsMissingError(`Order ${order.orderid} has no syndic credentials`);
    }
    const connector = this.connectors.connectorFor({ syndic: credentials, testMode: order.testMode });
    const fresh = {
      connector,
      session: await connector.login(credentials),
      expiresAt: Date.now() + SESSION_TTL_MS,
    };
    if (this.sessions.size >= MAX_CACHED_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(key, fresh);
    return fresh;
  }
}

/** A collection round's sessions: its syndic data are the round's (a refresh starts a new one). */
function sessionKey(orderid: string, version: number): string {
  return `${orderid}@${version}`;
}
