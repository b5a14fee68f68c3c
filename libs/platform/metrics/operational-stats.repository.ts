import { type DataSource, type Repository } from 'typeorm';
import { NotificationAttemptEntity } from '@libs/persistence/entities/notification-attempt.entity';
import { NotificationEntity } from '@libs/persistence/entities/notification.entity';
import { OrderEventEntity } from '@libs/persistence/entities/order-event.entity';
import { OrderEntity } from '@libs/persistence/entities/order.entity';

export interface OrderStateCount {
  state: string;
  testMode: boolean;
  count: number;
}

export interface TransitionCount {
  fromState: string | null;
  toState: string;
  count: number;
}

export interface NotificationAttemptCount {
  /** `success`: a 2xx answer; `failure`: anything else (error status, timeout, refused address). */
  outcome: 'success' | 'failure';
  count: number;
}

export interface NotificationBacklog {
  /** Neither delivered nor given up yet: being retried. */
  pending: number;
  /** Given up after the retry deadline. */
  failed: number;
  /** Settled without being sent: no callback URL. */
  notSent: number;
}

/**
 * Aggregate counts over the whole service for the metrics endpoint: read-only, one query per question,
 * so every API replica reports the same totals whichever process did the work.
 */
export class OperationalStatsRepository {
  private readonly orders: Repository<OrderEntity>;
  private readonly events: Repository<OrderEventEntity>;
  private readonly notifications: Repository<NotificationEntity>;
  private readonly attempts: Repository<NotificationAttemptEntity>;

  constructor(dataSource: DataSource) {
    this.orders = dataSource.getRepository(OrderEntity);
    this.events = dataSource.getRepository(OrderEventEntity);
    this.notifications = dataSource.getRepository(NotificationEntity);
    this.attempts = dataSource.getRepository(NotificationAttemptEntity);
  }

  async countOrdersByState(): Promise<OrderStateCount[]> {
    const rows = await this.orders
      .createQueryBuilder('o')
      .select('o.state', 'state')
      .addSelect('o.test_mode', 'test_mode')
      .addSelect('COUNT(*)', 'count')
      .groupBy('o.state')
      .addGroupBy('o.test_mode')
      .getRawMany<{ state: string; test_mode: boolean; count: string }>();
    return rows.map((r) => ({ state: r.state, testMode: r.test_mode, count: Number(r.count) }));
  }

  async countTransitions(): Promise<TransitionCount[]> {
    const rows = await this.events
      .createQueryBuilder('e')
      .select('e.from_state', 'from_state')
      .addSelect('e.to_state', 'to_state')
      .addSelect('COUNT(*)', 'count')
      // Events that change nothing (a blocked collection) are not transitions.
      .where('e.from_state IS DISTINCT FROM e.to_state')
      .groupBy('e.from_state')
      .addGroupBy('e.to_state')
      .getRawMany<{ from_state: string | null; to_state: string; count: string }>();
    return rows.map((r) => ({ fromState: r.from_state, toState: r.to_state, count: Number(r.count) }));
  }

  async countNotificationAttemptsByOutcome(): Promise<NotificationAttemptCount[]> {
    const rows = await this.attempts
      .createQueryBuilder('a')
      .select("CASE WHEN a.http_status BETWEEN 200 AND 299 THEN 'success' ELSE 'failure' END", 'outcome')
      .addSelect('COUNT(*)', 'count')
      .groupBy('outcome')
      .getRawMany<{ outcome: 'success' | 'failure'; count: string }>();
    return rows.map((r) => ({ outcome: r.outcome, count: Number(r.count) }));
  }

  async countNotificationBacklog(): Promise<NotificationBacklog> {
    const row = await this.notifications
      .createQueryBuilder('n')
      .select(
        'COUNT(*) FILTER (WHERE n.delivered_at IS NULL AND n.failed_at IS NULL AND n.not_sent_at IS NULL)',
        'pending',
      )
      .addSelect('COUNT(*) FILTER (WHERE n.failed_at IS NOT NULL)', 'failed')
      .addSelect('COUNT(*) FILTER (WHERE n.not_sent_at IS NOT NULL)', 'not_sent')
      .getRawOne<{ pending: string; failed: string; not_sent: string }>();
    return {
      pending: Number(row?.pending ?? 0),
      failed: Number(row?.failed ?? 0),
      notSent: Number(row?.not_sent ?? 0),
    };
  }
}
