import { type DataSource } from 'typeorm';
import { type OrderActivityDependencies } from '../../../activities/order.activities';
import { type AppConfig } from '../../../libs/config/app-config';
import { type DocumentStore } from '../../../libs/documents/document-store';
import { type SecurityServices } from '../../../libs/security/security-services.factory';

// Interim delivery until the notification library lands: posts the bare payload once per attempt.
export function createNotificationDelivery(options: {
  config: AppConfig;
  dataSource: DataSource;
  security: SecurityServices;
  documentStore: DocumentStore;
}): OrderActivityDependencies['notifications'] {
  const { dataSource } = options;
  return {
    async attempt(notificationId) {
      const [n] = await dataSource.query(
        `SELECT n.status, n.orderid, o.external_id, coalesce(o.callback_url, a.callback_url) AS url, n.delivered_at
           FROM notifications n JOIN orders o ON o.orderid = n.orderid JOIN accounts a ON a.id = o.account_id WHERE n.id = $1`,
        [notificationId],
      );
      if (!n.url) return { kind: 'no-callback' };
      if (n.delivered_at) return { kind: 'delivered' };
      try {
        const res = await fetch(n.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'webhook-id': notificationId },
          body: JSON.stringify({ status: n.status, orderid: n.orderid, external_id: n.external_id }),
          signal: AbortSignal.timeout(options.config.lifecycle.notificationTimeoutMs),
        });
        if (res.ok) {
          await dataSource.query(`UPDATE notifications SET delivered_at = now() WHERE id = $1`, [
            notificationId,
          ]);
          return { kind: 'delivered' };
        }
        return { kind: 'retry', retryAfterMs: null, error: `HTTP ${res.status}` };
      } catch (error) {
        return { kind: 'retry', retryAfterMs: null, error: String(error) };
      }
    },
    async markFailed(notificationId, reason) {
      await dataSource.query(`UPDATE notifications SET failed_at = now(), last_error = $2 WHERE id = $1`, [
        notificationId,
        reason,
      ]);
    },
  };
}
