import { failingEndpointAlertEmail } from '../mail/failing-endpoint-alert.email';
import { type Mailer } from '../mail/mailer';
import { type CallbackAlertRepository } from '../persistence/repositories/callback-alert.repository';
import { type DeliveryAttemptObserver, type ObservedAttempt } from './delivery-attempt-observer';
import { type NotificationRepository } from './notification.repository';

export interface FailingEndpointAlertOptions {
  /** How long a notification must have been failing before the account is told (24 h by default). */
  alertAfterMs: number;
  /** Shown in the email: how long retries go on. */
  retryDeadlineMs: number;
}

/**
 * After a notification has failed for `alertAfterMs`, its account gets ONE email about the endpoint
 * (not one per attempt, nor one per order); a later successful delivery to that endpoint resets it.
 */
export class FailingEndpointAlertService implements DeliveryAttemptObserver {
  constructor(
    private readonly alerts: CallbackAlertRepository,
    private readonly notifications: NotificationRepository,
    private readonly mailer: Mailer,
    private readonly options: FailingEndpointAlertOptions,
    private readonly warn: (message: string) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async attempted(attempt: ObservedAttempt): Promise<void> {
    const { accountId, outcome } = attempt;
    const endpoint = displayedEndpoint(attempt.url);
    try {
      if (outcome.kind === 'delivered') {
        // Most deliveries have no alert to clear: no query then. One claimed during this attempt is
        // cleared by the endpoint's next success.
        if (attempt.accountAlerted) await this.alerts.clear(accountId, endpoint);
        return;
      }
      if (outcome.kind !== 'retry') return;
      const now = this.clock();
      // Cheap filter first: a notification younger than the threshold cannot have failed that long.
      if (now.getTime() - attempt.notificationCreatedAt.getTime() < this.options.alertAfterMs) return;
      const failingSince = (await this.notifications.firstAttemptAt(attempt.notificationId)) ?? now;
      if (now.getTime() - failingSince.getTime() < this.options.alertAfterMs) return;
      if (!(await this.alerts.claim(accountId, endpoint, now))) return;
      try {
        await this.mailer.send({
          to: attempt.accountEmail,
          ...failingEndpointAlertEmail({
            endpoint,
            failingSince,
            lastError: outcome.error,
            orderid: attempt.orderid,
            retryDeadlineMs: this.options.retryDeadlineMs,
          }),
        });
      } catch (error) {
        // Not sent: the next failed attempt tries again.
        await this.alerts.clear(accountId, endpoint);
        throw error;
      }
    } catch (error) {
      this.warn(
        `Failing-endpoint alert for account ${accountId} (${endpoint}) not handled: ${describe(error)}`,
      );
    }
  }
}

/** Scheme, host, port and path: what identifies the endpoint to its owner, without any secret in it. */
export function displayedEndpoint(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 2048);
  } catch {
    return raw.replace(/[?#].*$/, '').slice(0, 2048);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
