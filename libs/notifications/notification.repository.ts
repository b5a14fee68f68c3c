import { randomUUID } from 'node:crypto';
import { type DataSource, In, IsNull, type Repository } from 'typeorm';
import { type OrderState } from '../domain/order-state';
import { NotificationAttemptEntity } from '../persistence/entities/notification-attempt.entity';
import { NotificationEntity } from '../persistence/entities/notification.entity';

export interface NewNotification {
  orderid: string;
  status: OrderState;
  orderVersion: number;
  test: boolean;
  /**
   * A uuid chosen by the caller (e.g. drawn by the workflow) makes creation idempotent under activity
   * retries: creating the same id twice leaves one row. Drawn here (v4) when absent.
   */
  id?: string;
}

export interface AttemptRecord {
  notificationId: string;
  attemptedAt: Date;
  url: string | null;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export interface NotificationWithAttempts {
  notification: NotificationEntity;
  /** Oldest first. */
  attempts: NotificationAttemptEntity[];
}

/** The `notifications` table and its delivery log, `notification_attempts`. */
export class NotificationRepository {
  private readonly notifications: Repository<NotificationEntity>;
  private readonly attempts: Repository<NotificationAttemptEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.notifications = dataSource.getRepository(NotificationEntity);
    this.attempts = dataSource.getRepository(NotificationAttemptEntity);
  }

  /** Creates the notification (nothing sent yet) and returns its id, the `webhook-id`. */
  async create(notification: NewNotification): Promise<string> {
    const id = notification.id ?? randomUUID();
    await this.notifications
      .createQueryBuilder()
      .insert()
      .values({
        id,
        orderid: notification.orderid,
        status: notification.status,
        orderVersion: notification.orderVersion,
        test: notification.test,
      })
      .orIgnore()
      .execute();
    return id;
  }

  findById(id: string): Promise<NotificationEntity | null> {
    return this.notifications.findOneBy({ id });
  }

  /** The notification when it belongs to that order (the API never crosses orders). */
  findForOrder(id: string, orderid: string): Promise<NotificationEntity | null> {
    return this.notifications.findOneBy({ id, orderid });
  }

  /** Removes a notification that was never handed to a delivery workflow (its start failed). */
  async discard(id: string): Promise<void> {
    await this.notifications.delete({ id, attemptCount: 0 });
  }

  /** Id of the latest logged attempt, '0' when there is none: the watermark of a redelivery. */
  async lastAttemptId(notificationId: string): Promise<string> {
    const rows: { id: string | null }[] = await this.dataSource.query(
      `SELECT max(id)::text AS id FROM notification_attempts WHERE notification_id = $1`,
      [notificationId],
    );
    return rows[0]?.id ?? '0';
  }

  /** Whether a 2xx was logged after the attempt `afterAttemptId` (a redelivery already went through). */
  async deliveredAfter(notificationId: string, afterAttemptId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM notification_attempts
        WHERE notification_id = $1 AND id > $2::bigint AND http_status BETWEEN 200 AND 299 LIMIT 1`,
      [notificationId, afterAttemptId],
    );
    return rows.length > 0;
  }

  /** When the first attempt was logged; null before any. */
  async firstAttemptAt(notificationId: string): Promise<Date | null> {
    const first = await this.attempts.findOne({
      where: { notificationId },
      order: { id: 'ASC' },
      select: { id: true, attemptedAt: true },
    });
    return first?.attemptedAt ?? null;
  }

  /** Appends one attempt to the log and counts it on the notification, atomically. */
  async recordAttempt(attempt: AttemptRecord): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(NotificationAttemptEntity, attempt);
      await manager
        .createQueryBuilder()
        .update(NotificationEntity)
        .set({ attemptCount: () => 'attempt_count + 1', lastError: attempt.error })
        .where('id = :id', { id: attempt.notificationId })
        .execute();
    });
  }

  /** Delivered: a 2xx came back. The first delivery time is kept when a redelivery succeeds again. */
  async markDelivered(id: string, at: Date): Promise<void> {
    await this.notifications
      .createQueryBuilder()
      .update()
      .set({ deliveredAt: () => 'COALESCE(delivered_at, :at)', failedAt: null, lastError: null })
      .where('id = :id', { id, at })
      .execute();
  }

  /** The receiver answered 410 Gone: no more attempts. */
  async markGone(id: string, at: Date): Promise<void> {
    await this.notifications.update({ id }, { failedAt: at });
  }

  /** Given up (the retry deadline passed without a 2xx); a delivered notification stays delivered. */
  async markFailed(id: string, at: Date, reason: string): Promise<void> {
    await this.notifications.update({ id, deliveredAt: IsNull() }, { failedAt: at, lastError: reason });
  }

  /** The order's notifications, oldest first, each with its attempts: the delivery log of the API. */
  async listForOrder(orderid: string): Promise<NotificationWithAttempts[]> {
    const notifications = await this.notifications.find({
      where: { orderid },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (notifications.length === 0) return [];
    const attempts = await this.attempts.find({
      where: { notificationId: In(notifications.map((n) => n.id)) },
      order: { id: 'ASC' },
    });
    return notifications.map((notification) => ({
      notification,
      attempts: attempts.filter((a) => a.notificationId === notification.id),
    }));
  }
}
