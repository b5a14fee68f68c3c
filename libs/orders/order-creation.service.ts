import { type DataSource, type EntityManager } from 'typeorm';
import { DomainError } from '../domain/domain-error';
import { OrderEntity } from '../persistence/entities/order.entity';
import { type IdempotencyKeyRepository } from '../persistence/repositories/idempotency-key.repository';
import { type OrderRepository } from '../persistence/repositories/order.repository';
import { type SecretBox } from '../security/secret-box';
import { type AuthenticatedAccount } from './authenticated-account';
import { type NewOrder } from './new-order';
import { generateOrderId } from './order-id-generator';
import { type OrderRecord, toOrderRecord } from './order-record';
import { type OrderWorkflowRelay } from './order-workflow-relay';
import { type UploadedDocumentWriter } from './uploaded-document.writer';

const MAX_ID_ATTEMPTS = 8;

export interface IdempotencyRequest {
  key: string;
  /** Fingerprint of the request body: the same key with another body is a conflict. */
  fingerprint: string;
}

export class OrderCreationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    private readonly idempotencyKeys: IdempotencyKeyRepository,
    private readonly secretBox: SecretBox,
    private readonly uploads: UploadedDocumentWriter,
    /** Starts the committed order's workflows (and a live order's confirmation email) right after. */
    private readonly relay: Pick<OrderWorkflowRelay, 'submit'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * With an `Idempotency-Key`, the same key and body within 24 h return the first answer and create
   * nothing; another body is a conflict. A failed attempt frees the key for a retry.
   */
  async create(
    caller: AuthenticatedAccount,
    request: NewOrder,
    idempotency: IdempotencyRequest | null,
  ): Promise<OrderRecord> {
    if (idempotency === null) return this.createOrder(caller, request);
    const reservation = await this.idempotencyKeys.reserve(
      caller.accountId,
      idempotency.key,
      idempotency.fingerprint,
    );
    switch (reservation.kind) {
      case 'replay':
        return reservation.body as OrderRecord;
      case 'mismatch':
        throw new DomainError('idempotency_conflict');
      case 'in-progress':
        throw new DomainError('idempotency_in_progress');
    }
    try {
      const record = await this.createOrder(caller, request);
      await this.idempotencyKeys.complete(caller.accountId, idempotency.key, 200, record);
      return record;
    } catch (error) {
      await this.idempotencyKeys.release(caller.accountId, idempotency.key);
      throw error;
    }
  }

  /**
   * Commits the order, with the documents sent with it so that its workflow's first collection finds
   * them, and hands it to the relay, which starts its workflows right after: the client does not wait
   * for Temporal. An order the relay cannot start (Temporal unreachable, the process stopped) is started
   * by the recovery sweep, so an accepted order is always processed.
   */
  private async createOrder(caller: AuthenticatedAccount, request: NewOrder): Promise<OrderRecord> {
    if (request.email !== null && request.email.toLowerCase() !== caller.email.toLowerCase()) {
      throw new DomainError('email_mismatch');
    }
    const order = await this.insertOrder(caller, request, this.clock());
    const { orderid, externalId, testMode, createdAt } = order;
    this.relay.submit({ orderid, account: caller.email, externalId, testMode, createdAt });
    return toOrderRecord(order, caller.email);
  }

  /** Without documents the order and its first event are one statement: no transaction needed. */
  private async insertOrder(
    caller: AuthenticatedAccount,
    request: NewOrder,
    now: Date,
  ): Promise<OrderEntity> {
    if (request.documents.length === 0) {
      return this.insertWithFreeId(this.dataSource.manager, caller, request, now);
    }
    return this.dataSource.transaction(async (manager) => {
      const order = await this.insertWithFreeId(manager, caller, request, now);
      await this.uploads.write(order.orderid, order.version, request.documents, manager);
      return order;
    });
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
