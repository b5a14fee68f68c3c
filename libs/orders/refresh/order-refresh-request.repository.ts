import { type DataSource, type EntityManager, IsNull, type Repository } from 'typeorm';
import { OrderRefreshRequestEntity } from '@libs/persistence/entities/order-refresh-request.entity';

export type NewOrderRefreshRequest = Omit<OrderRefreshRequestEntity, 'id' | 'createdAt' | 'appliedAt'>;

export class OrderRefreshRequestRepository {
  private readonly requests: Repository<OrderRefreshRequestEntity>;

  constructor(dataSource: DataSource) {
    this.requests = dataSource.getRepository(OrderRefreshRequestEntity);
  }

  /** Stores a refresh as received (password already sealed); returns its id, the update's argument. */
  async create(row: NewOrderRefreshRequest): Promise<string> {
    const result = await this.requests.insert({ ...row, appliedAt: null });
    return (result.identifiers[0] as { id: string }).id;
  }

  findById(id: string): Promise<OrderRefreshRequestEntity | null> {
    return this.requests.findOneBy({ id });
  }

  /** The refresh request `id` of `orderid`, inside the transaction `tx`. */
  findForOrder(tx: EntityManager, id: string, orderid: string): Promise<OrderRefreshRequestEntity | null> {
    return tx.findOneBy(OrderRefreshRequestEntity, { id, orderid });
  }

  /** Deletes the request unless it was applied (a refused one keeps nothing, its credentials included). */
  async deleteUnapplied(id: string): Promise<void> {
    await this.requests.delete({ id, appliedAt: IsNull() });
  }

  async markApplied(tx: EntityManager, id: string, at: Date): Promise<void> {
    await tx.update(OrderRefreshRequestEntity, { id }, { appliedAt: at });
  }
}
