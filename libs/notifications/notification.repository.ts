import { type DataSource, type EntityManager, In, IsNull, type Repository } from 'typeorm';
import { type OrderState } from '@libs/orders/order-state';
import { type AccountEntity } from '@libs/persistence/entities/account.entity';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { NotificationAttemptEntity } from '@libs/persistence/entities/notification-attempt.entity';
import { NotificationEntity } from '@libs/persistence/entities/notification.entity';
import { type NotificationRow, insertNotificationRow } from './notification-row.writer';

/** A notification to create now (a test event); its id, when given, makes creation idempotent. */
export type NewNotification = Omit<NotificationRow, 'createdAt'>;

export interface AttemptRecord {
  notificationId: string;
  attemptedAt: Date;
  url: string | null;
  httpStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** An attempt for the log, with how it settled its notification (null: not settled). */
export interface LoggedAttempt {
  attempt: AttemptRecord;
  settled: AttemptSettlement | null;
}

export interface DeliveryTarget {
  notification: Pick<
    NotificationEntity,
    'id' | 'orderid' | 'status' | 'test' | 'orderVersion' | 'createdAt' | 'deliveredAt' | 'failedAt'
  >;
  order: Pick<
    OrderEntity,
    'orderid' | 'externalId' | 'statement' | 'statementVersion' | 'callbackUrl'
  > | null;
  account: DeliveryAccount | null;
}

export interface DeliveryAccount extends Pick<
  AccountEntity,
  | 'id'
  | 'email'
  | 'callbackUrl'
  | 'webhookSecretSealed'
  | 'previousWebhookSecretSealed'
  | 'previousWebhookSecretUntil'
  | 'shareDocuments'
  | 'shareRegistrationId'
> {
  /** Whether a failing-endpoint alert stands for one of the account's endpoints. */
  alerted: boolean;
}

interface DeliveryTargetRow {
  id: string;
  orderid: string;
  status: OrderState;
  test: boolean;
  order_version: number;
  created_at: Date;
  delivered_at: Date | null;
  failed_at: Date | null;
  order_orderid: string | null;
  external_id: string | null;
  statement: object | null;
  statement_version: number | null;
  order_callback_url: string | null;
  account_id: string | null;
  email: string | null;
  account_callback_url: string | null;
  webhook_secret_sealed: string | null;
  previous_webhook_secret_sealed: string | null;
  previous_webhook_secret_until: Date | null;
  share_documents: boolean | null;
  share_registration_id: boolean | null;
  account_alerted: boolean;
}

/** A notification still being retried after failing since `failingSince`, with its endpoint. */
export interface FailingNotification {
  notificationId: string;
  orderid: string;
  accountId: string;
  accountEmail: string;
  /** The URL of its last attempt, as logged (a password in it masked). */
  url: string;
  lastError: string;
  /** Its first attempt. */
  failingSince: Date;
}

/** How an attempt settled its notification, recorded with it. */
export interface AttemptSettlement {
  kind: 'delivered' | 'gone';
  at: Date;
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
  create(notification: NewNotification): Promise<string> {
    return insertNotificationRow(this.notifications.manager, notification);
  }

  findById(id: string): Promise<NotificationEntity | null> {
    return this.notifications.findOneBy({ id });
  }

  /**
   * Everything one delivery attempt needs (the notification, its order, the order's account) in one
   * query; null when the notification does not exist. `order`/`account` null when they are gone.
   */
  async findDeliveryTarget(id: string): Promise<DeliveryTarget | null> {
    const rows: DeliveryTargetRow[] = await this.dataSource.query(
      `SELECT n.id, n.orderid, n.status, n.test, n.order_version, n.created_at, n.delivered_at, n.failed_at,
              o.orderid AS order_orderid, o.external_id, o.statement, o.statement_version,
              o.callback_url AS order_callback_url,
              a.id AS account_id, a.email, a.callback_url AS account_callback_url, a.webhook_secret_sealed,
              a.previous_webhook_secret_sealed, a.previous_webhook_secret_until,
              a.share_documents, a.share_registration_id,
              EXISTS (SELECT 1 FROM callback_alerts ca WHERE ca.account_id = a.id) AS account_alerted
         FROM notifications n
         LEFT JOIN orders o ON o.orderid = n.orderid
         LEFT JOIN accounts a ON a.id = o.account_id
        WHERE n.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      notification: {
        id: row.id,
        orderid: row.orderid,
        status: row.status,
        test: row.test,
        orderVersion: row.order_version,
        createdAt: row.created_at,
        deliveredAt: row.delivered_at,
        failedAt: row.failed_at,
      },
      order:
        row.order_orderid === null
          ? null
          : {
              orderid: row.order_orderid,
              externalId: row.external_id!,
              statement: row.statement,
              statementVersion: row.statement_version,
              callbackUrl: row.order_callback_url,
            },
      account:
        row.account_id === null
          ? null
          : {
              id: row.account_id,
              email: row.email!,
              callbackUrl: row.account_callback_url,
              webhookSecretSealed: row.webhook_secret_sealed!,
              previousWebhookSecretSealed: row.previous_webhook_secret_sealed,
              previousWebhookSecretUntil: row.previous_webhook_secret_until,
              shareDocuments: row.share_documents!,
              shareRegistrationId: row.share_registration_id!,
              alerted: row.account_alerted,
            },
    };
  }

  /** The notification when it belongs to that order (the API never crosses orders). */
  findForOrder(id: string, orderid: string): Promise<NotificationEntity | null> {
    return this.notifications.findOneBy({ id, orderid });
  }

  /**
   * Whether a notification of the order queued before `notification` is still unsettled (neither
   * delivered nor failed): `notification` then waits behind it in the order's queue.
   */
  async hasEarlierUnsettled(notification: Pick<NotificationEntity, 'id' | 'orderid'>): Promise<boolean> {
    // The row's own created_at: a Date read back would have lost its microseconds.
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM notifications n
        WHERE n.orderid = $1
          AND (n.created_at, n.id) < (SELECT c.created_at, c.id FROM notifications c WHERE c.id = $2)
          AND n.delivered_at IS NULL AND n.failed_at IS NULL AND n.not_sent_at IS NULL
        LIMIT 1`,
      [notification.orderid, notification.id],
    );
    return rows.length > 0;
  }

  /**
   * The order's unsettled notifications (neither delivered, failed nor settled unsent), oldest first
   * (creation time, then id), at most `limit`: what its queue reads back when more were queued than
   * it holds. The order index serves it; the order's settled rows are skipped in the scan.
   */
  async unsettledOfOrder(orderid: string, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT n.id FROM notifications n
        WHERE n.orderid = $1 AND n.delivered_at IS NULL AND n.failed_at IS NULL AND n.not_sent_at IS NULL
        ORDER BY n.created_at, n.id
        LIMIT $2`,
      [orderid, limit],
    );
    return rows.map((row) => row.id);
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

  /**
   * Notifications neither delivered nor given up whose first attempt was before `before`: one per
   * account and endpoint URL (the one failing longest), at most `limit`. The partial index on pending
   * notifications keeps this cheap however many were delivered.
   */
  async failingSince(before: Date, limit: number): Promise<FailingNotification[]> {
    const rows: {
      id: string;
      orderid: string;
      account_id: string;
      email: string;
      url: string;
      last_error: string;
      failing_since: Date;
    }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (o.account_id, last.url)
              n.id, n.orderid, o.account_id, a.email, last.url, n.last_error, first.attempted_at AS failing_since
         FROM notifications n
         JOIN orders o ON o.orderid = n.orderid
         JOIN accounts a ON a.id = o.account_id
         JOIN LATERAL (SELECT t.attempted_at FROM notification_attempts t
                        WHERE t.notification_id = n.id ORDER BY t.id LIMIT 1) first ON true
         JOIN LATERAL (SELECT t.url FROM notification_attempts t
                        WHERE t.notification_id = n.id ORDER BY t.id DESC LIMIT 1) last ON true
        WHERE n.delivered_at IS NULL AND n.failed_at IS NULL AND n.not_sent_at IS NULL
          AND n.last_error IS NOT NULL AND n.created_at <= $1 AND first.attempted_at <= $1
          AND last.url IS NOT NULL
        ORDER BY o.account_id, last.url, first.attempted_at
        LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => ({
      notificationId: row.id,
      orderid: row.orderid,
      accountId: row.account_id,
      accountEmail: row.email,
      url: row.url,
      lastError: row.last_error,
      failingSince: row.failing_since,
    }));
  }

  /**
   * Appends attempts to the log, each counted on its notification with how it settled it
   * (`delivered`: a 2xx, the first delivery time kept when a redelivery succeeds again; `gone`: 410).
   * A batch of one order's queue is one statement: one round trip and one commit (one WAL flush), where
   * a transaction of one statement per attempt made two more round trips and one per attempt.
   */
  async recordAttempts(entries: LoggedAttempt[]): Promise<void> {
    if (entries.length === 0) return;
    const distinct = new Set(entries.map((entry) => entry.attempt.notificationId)).size === entries.length;
    if (distinct) return recordAttemptsWith(this.dataSource.manager, entries);
    // The same notification twice (a queue's batch never has it): one statement each, so that each
    // attempt counts, in one transaction.
    await this.dataSource.transaction(async (manager) => {
      for (const entry of entries) await recordAttemptsWith(manager, [entry]);
    });
  }

  /**
   * Settled without sending: there was no callback URL. A notification delivered or given up before
   * (a redelivery asked after the URL was removed) stays as it was.
   */
  async markNotSent(id: string, at: Date, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications SET not_sent_at = COALESCE(not_sent_at, $2), last_error = $3
        WHERE id = $1 AND delivered_at IS NULL AND failed_at IS NULL`,
      [id, at, reason],
    );
  }

  /** Given up (the retry deadline passed without a 2xx); a delivered notification stays delivered. */
  async markFailed(id: string, at: Date, reason: string): Promise<void> {
    await this.notifications.update({ id, deliveredAt: IsNull() }, { failedAt: at, lastError: reason });
  }

  /**
   * The order's notifications, oldest first (creation time, then id), each with its attempts: all of
   * them, or a page of at most `limit` after the notification `afterId` when given.
   */
  async listForOrder(
    orderid: string,
    page: { limit: number; afterId: string | null } | null = null,
  ): Promise<NotificationWithAttempts[]> {
    // Both reads in one snapshot: an attempt logged between them (its notification settled in the same
    // statement) would show beside a notification read as not yet delivered.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const query = tx
        .getRepository(NotificationEntity)
        .createQueryBuilder('n')
        .where('n.orderid = :orderid', { orderid })
        .orderBy('n.createdAt', 'ASC')
        .addOrderBy('n.id', 'ASC');
      if (page !== null) query.limit(page.limit);
      if (page?.afterId) {
        query.andWhere(
          '(n.created_at, n.id) > (SELECT c.created_at, c.id FROM notifications c WHERE c.id = :afterId)',
          { afterId: page.afterId },
        );
      }
      const notifications = await query.getMany();
      if (notifications.length === 0) return [];
      const attempts = await tx.getRepository(NotificationAttemptEntity).find({
        where: { notificationId: In(notifications.map((n) => n.id)) },
        order: { id: 'ASC' },
      });
      return notifications.map((notification) => ({
        notification,
        attempts: attempts.filter((a) => a.notificationId === notification.id),
      }));
    });
  }
}

/** Attempts of distinct notifications, logged in their order and counted on each, in one statement. */
async function recordAttemptsWith(manager: EntityManager, entries: LoggedAttempt[]): Promise<void> {
  await manager.query(
    `WITH batch AS (
       SELECT *
         FROM unnest($1::uuid[], $2::timestamptz[], $3::varchar[], $4::int[], $5::int[], $6::text[],
                     $7::text[], $8::varchar[], $9::timestamptz[])
              WITH ORDINALITY
           AS b (notification_id, attempted_at, url, http_status, latency_ms, error, response_excerpt,
                 settled, settled_at, position)
     ), logged AS (
       INSERT INTO notification_attempts
         (notification_id, attempted_at, url, http_status, latency_ms, error, response_excerpt)
       SELECT notification_id, attempted_at, url, http_status, latency_ms, error, response_excerpt
         FROM batch
        ORDER BY position
     )
     UPDATE notifications n
        SET attempt_count = n.attempt_count + 1,
            last_error = b.error,
            not_sent_at = NULL,
            delivered_at = CASE WHEN b.settled = 'delivered' THEN COALESCE(n.delivered_at, b.settled_at)
                                ELSE n.delivered_at END,
            failed_at = CASE b.settled WHEN 'delivered' THEN NULL WHEN 'gone' THEN b.settled_at
                                       ELSE n.failed_at END
       FROM batch b
      WHERE n.id = b.notification_id`,
    [
      entries.map((e) => e.attempt.notificationId),
      entries.map((e) => e.attempt.attemptedAt),
      entries.map((e) => e.attempt.url),
      entries.map((e) => e.attempt.httpStatus),
      entries.map((e) => e.attempt.latencyMs),
      entries.map((e) => e.attempt.error),
      entries.map((e) => e.attempt.responseExcerpt),
      entries.map((e) => e.settled?.kind ?? null),
      entries.map((e) => e.settled?.at ?? null),
    ],
  );
}
