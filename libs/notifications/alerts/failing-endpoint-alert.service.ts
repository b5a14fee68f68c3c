import { failingEndpointAlertEmail } from './failing-endpoint-alert.email';
import { type Mailer } from '@libs/platform/mail/mailer';
import { type CallbackAlertRepository } from './callback-alert.repository';
import { type DeliveryAttemptObserver, type ObservedAttempt } from '../delivery/delivery-attempt-observer';
import { type FailingNotification, type NotificationRepository } from '../notification.repository';

export interface FailingEndpointAlertOptions {
  /** How long a notification must have been failing before the account is told (24 h by default). */
  alertAfterMs: number;
  /** Shown in the email: how long retries go on. */
  retryDeadlineMs: number;
}

/** Failing notifications looked at by one sweep at most (one per account and endpoint). */
const SWEEP_LIMIT = 1_000;

/** What an alert email says. */
interface FailingEndpoint {
  accountId: string;
  accountEmail: string;
  /** As shown to its owner (`displayedEndpoint`). */
  endpoint: string;
  failingSince: Date;
  lastError: string;
  orderid: string;
}

/**
 * After a notification has failed for `alertAfterMs`, its account gets ONE email about the endpoint
 * (not one per attempt, nor one per order); a later successful delivery to that endpoint resets it.
 * Checked at each failed attempt and by a periodic sweep (`alertFailingEndpoints`): the retry delays
 * grow to a day, so the attempt after the threshold may come hours after it.
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
      await this.alert({
        accountId,
        accountEmail: attempt.accountEmail,
        endpoint,
        failingSince,
        lastError: outcome.error,
        orderid: attempt.orderid,
      });
    } catch (error) {
      this.warnNotHandled(accountId, endpoint, error);
    }
  }

  /**
   * The sweep: alerts every account with a notification failing for `alertAfterMs` (unless already
   * alerted about that endpoint). Returns how many emails went out; never rejects.
   */
  async alertFailingEndpoints(): Promise<number> {
    let failing: FailingNotification[];
    try {
      const threshold = new Date(this.clock().getTime() - this.options.alertAfterMs);
      failing = await this.notifications.failingSince(threshold, SWEEP_LIMIT);
    } catch (error) {
      this.warn(`Failing-endpoint alert sweep failed, the next one tries again: ${describe(error)}`);
      return 0;
    }
    let sent = 0;
    for (const notification of failing) {
      const endpoint = displayedEndpoint(notification.url);
      try {
        if (await this.alert({ ...notification, endpoint })) sent++;
      } catch (error) {
        this.warnNotHandled(notification.accountId, endpoint, error);
      }
    }
    return sent;
  }

  /** Sends the alert unless one stands for the endpoint; true when it was sent. */
  private async alert(failing: FailingEndpoint): Promise<boolean> {
    const { accountId, endpoint } = failing;
    if (!(await this.alerts.claim(accountId, endpoint, this.clock()))) return false;
    try {
      await this.mailer.send({
        to: failing.accountEmail,
        ...failingEndpointAlertEmail({
          endpoint,
          failingSince: failing.failingSince,
          lastError: failing.lastError,
          orderid: failing.orderid,
          retryDeadlineMs: this.options.retryDeadlineMs,
        }),
      });
      return true;
    } catch (error) {
      // Not sent: the next failed attempt or sweep tries again.
      await this.alerts.clear(accountId, endpoint);
      throw error;
    }
  }

  private warnNotHandled(accountId: string, endpoint: string, error: unknown): void {
    this.warn(
      `Failing-endpoint alert for account ${accountId} (${endpoint}) not handled: ${describe(error)}`,
    );
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
