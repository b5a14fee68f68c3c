import { type EntityManager } from 'typeorm';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { DomainError } from '@libs/platform/domain-error';
import { OrderEntity } from '@libs/persistence/entities/order.entity';
import { type IdempotencyKeyRepository, type IdempotentAnswer } from './idempotency-key.repository';
import { type OrderRepository } from '../order.repository';
import { type RequestFingerprinter } from '@libs/security/request-fingerprinter';
import { type SecretBox } from '@libs/security/secret-box';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type NewOrder } from './new-order';
import { generateOrderId } from './order-id-generator';
import { type OrderRecord, toOrderRecord } from '../order-record';
import { type OrderWorkflowRelay } from '../workflow-starts/order-workflow-relay';
import { type UploadedDocumentWriter } from '../documents/uploaded-document.writer';

const MAX_ID_ATTEMPTS = 8;

export interface IdempotencyRequest {
  key: string;
  /** The request body as received: the same key with another body is a conflict. */
  body: unknown;
}

/** Rolls back the creation whose key a concurrent request with the same key recorded first. */
class IdempotencyKeyTaken extends Error {}

export class OrderCreationService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    private readonly secretBox: SecretBox,
    private readonly fingerprints: RequestFingerprinter,
    private readonly uploads: UploadedDocumentWriter,
    /** Starts the committed order's workflows (and a live order's confirmation email) right after. */
    private readonly relay: Pick<OrderWorkflowRelay, 'submit'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * With an `Idempotency-Key`, the same key and body within 24 h return the first answer and create
   * nothing; another body is a conflict. The key is recorded with its answer in the order's own
   * transaction: a request that fails (or a process that dies) leaves no key behind, so the client's
   * retry creates the order; a request racing one with the same key waits for it and answers its order.
   */
  async create(
    caller: AuthenticatedAccount,
    request: NewOrder,
    idempotency: IdempotencyRequest | null,
  ): Promise<OrderRecord> {
    if (idempotency === null) return (await this.createOrder(caller, request, null))!;
    // A second pass only when a concurrent request recorded the key between the look-up and the insert.
    for (let pass = 0; pass < 2; pass++) {
      const earlier = await this.idempotencyKeys.findAnswer(caller.accountId, idempotency.key);
      if (earlier) return this.replay(earlier, idempotency.body);
      const created = await this.createOrder(caller, request, idempotency);
      if (created) return created;
    }
    throw new Error('An Idempotency-Key was taken and then not found');
  }

  private replay(earlier: IdempotentAnswer, body: unknown): OrderRecord {
    const same = this.fingerprints.matches(body, earlier.fingerprint);
    // Recorded under an ENCRYPTION_KEY entry removed since: the bodies cannot be compared.
    if (same === null) throw new DomainError('idempotency_key_unverifiable');
    if (!same) throw new DomainError('idempotency_conflict');
    return earlier.body as OrderRecord;
  }

  /**
   * Commits the order, with the documents sent with it so that its workflow's first collection finds
   * them and, with `idempotency`, the key and its answer; then hands the order to the relay, which
   * starts its workflows right after: the client does not wait for Temporal. An order the relay cannot
   * start (Temporal unreachable, the process stopped) is started by the recovery sweep, so an accepted
   * order is always processed. Null when the key was recorded first by a concurrent request.
   */
  private async createOrder(
    caller: AuthenticatedAccount,
    request: NewOrder,
    idempotency: IdempotencyRequest | null,
  ): Promise<OrderRecord | null> {
    if (request.email !== null && request.email.toLowerCase() !== caller.email.toLowerCase()) {
      throw new DomainError('email_mismatch');
    }
    const now = this.clock();
    // Without documents nor a key, the order and its first event are one statement: no transaction.
    const order =
      request.documents.length === 0 && idempotency === null
        ? await this.insertWithFreeId(this.transactions.autocommit, caller, request, now)
        : await this.insertInTransaction(caller, request, idempotency, now);
    if (order === null) return null;
    const { orderid, externalId, testMode, createdAt } = order;
    this.relay.submit({ orderid, account: caller.email, externalId, testMode, createdAt });
    return toOrderRecord(order, caller.email);
  }

  /** The order, its documents and its key with the answer, together; null when the key was taken. */
  private async insertInTransaction(
    caller: AuthenticatedAccount,
    request: NewOrder,
    idempotency: IdempotencyRequest | null,
    now: Date,
  ): Promise<OrderEntity | null> {
    const fingerprint = idempotency ? this.fingerprints.fingerprint(idempotency.body) : null;
    try {
      // A creation that does not commit (the key taken meanwhile, a failure) removes its files again.
      return await this.uploads.transaction(async (manager, writeUploads) => {
        const order = await this.insertWithFreeId(manager, caller, request, now);
        await writeUploads(order.orderid, order.version, request.documents);
        if (idempotency && fingerprint) {
          const answer = { fingerprint, status: 200, body: toOrderRecord(order, caller.email) };
          const recorded = await this.idempotencyKeys.record(
            manager,
            caller.accountId,
            idempotency.key,
            answer,
          );
          if (!recorded) throw new IdempotencyKeyTaken();
        }
        return order;
      });
    } catch (error) {
      if (error instanceof IdempotencyKeyTaken) return null;
      throw error;
    }
  }

  private async insertWithFreeId(
    manager: EntityManager,
    caller: AuthenticatedAccount,
    request: NewOrder,
    now: Date,
  ): Promise<OrderEntity> {
    for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
      const order = this.buildOrder(generateOrderId(), caller, request, now);
      if (await this.orders.insertWithEvent(manager, order, 'order-created')) return order;
    }
    throw new Error('Could not draw a free order id');
  }

  private buildOrder(orderid: string, caller: AuthenticatedAccount, r: NewOrder, now: Date): OrderEntity {
    const order = new OrderEntity();
    Object.assign(order, {
      orderid,
      accountId: caller.accountId,
      externalId: r.externalId,
      state: 'confirmed',
      testMode: r.testMode,
      refreshed: false,
      method: r.method,
      address: r.address,
      additional: r.additional,
      city: r.city,
      zipcode: r.zipcode,
      owners: r.owners,
      invoice: r.invoice,
      lots: r.lots,
      comment: r.comment,
      allDuePaid: r.allDuePaid,
      callbackUrl: r.callbackUrl,
      syndicName: r.syndic?.name ?? null,
      syndicUsername: r.syndic?.username ?? null,
      // The order id is the associated data: a sealed password cannot be moved to another order.
      syndicPasswordSealed: r.syndic ? this.secretBox.seal(r.syndic.password, orderid) : null,
      syndicUrl: r.syndic?.url ?? null,
      createdAt: now,
      updatedAt: now,
      version: 1,
      workflowStartedAt: null,
    } satisfies Partial<OrderEntity>);
    return order;
  }
}
