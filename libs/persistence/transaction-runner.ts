import { type DataSource, type EntityManager } from 'typeorm';

/**
 * How a service groups repository calls into one transaction without touching the data source: it gets
 * an opaque handle (`tx`) to pass to the repository methods that take one. Outside `transaction`, the
 * `autocommit` handle makes each statement commit on its own.
 */
export class TransactionRunner {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  get autocommit(): EntityManager {
    return this.dataSource.manager;
  }
}
