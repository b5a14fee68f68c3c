import { ServiceError } from '@libs/platform/domain-error';
import { type SecretBox } from '@libs/security/secret-box';
import { callbackUrlOf } from './callback-url';
import { type DeliveryAttemptObserver, type ObservedAttempt } from './delivery-attempt-observer';
import { type DeliveryOutcome } from './delivery-outcome';
import { type NotificationPayloadBuilder } from './notification-payload.builder';
import {
  type DeliveryAccount,
  type LoggedAttempt,
  type NotificationRepository,
} from '../notification.repository';
import { retryAfterMs } from './retry-after';
import { type WebhookSendResult, type WebhookSender } from './webhook-sender';
import { signWebhook } from './webhook-signer';
import { WEBHOOK_SECRET_AAD } from '@libs/security/webhook-secret-aad';

export interface DeliveryAttemptOptions {
  /**
   * Send even when the notification was already delivered or given up (the redeliver endpoint).
   * Without it a delivered notification is not sent again, so activity retries are harmless.
   */
  redelivery?: boolean;
  /**
   * With `redelivery`: the id of the delivery log's last attempt when the redelivery was asked ('0'
   * when there was none). A 2xx logged after it means this redelivery already went through (a retried
   * activity, or the order workflow got there first), so it is not sent again.
   */
  redeliveryAfterAttemptId?: string;
}

/** The notification id is unknown: a caller bug, never worth retrying. */
export class NotificationNotFoundError extends ServiceError {
  override readonly name = 'NotificationNotFoundError';
  readonly code = 'notification_not_found';
}

const URL_COLUMN_LENGTH = 2048;

/** The delivery log's `last_error` of a notification settled without a callback URL. */
export const NO_CALLBACK_URL_ERROR = 'not sent: neither the order nor the account has a callback URL';

/** One try before it is logged. */
interface TriedAttempt {
  outcome: DeliveryOutcome;
  /** Its log entry and what the observer is told; absent when nothing was attempted (settled, no URL). */
  made?: MadeAttempt;
}

interface MadeAttempt {
  entry: LoggedAttempt;
  observed: ObservedAttempt;
}

/** One delivery attempt of one notification: build, sign, send, log (docs/contract.md §6). */
export class NotificationDeliveryService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly payloads: NotificationPayloadBuilder,
    private readonly sender: WebhookSender,
    private readonly secretBox: SecretBox,
    /** Told of every logged attempt (the failing-endpoint alert); none in tests that do not need it. */
    private readonly observer: DeliveryAttemptObserver | null = null,
    /** Where what happened without an attempt to log is told (the worker's log). */
    private readonly info: (message: string) => void = () => undefined,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async attempt(notificationId: string, options: DeliveryAttemptOptions = {}): Promise<DeliveryOutcome> {
    const tried = await this.tryOnce(notificationId, options);
    if (tried.made) await this.log([tried.made]);
    return tried.outcome;
  }

  /**
   * The head of an order's queue and what follows it, one attempt each, in order: stops after the
   * first that is not settled (it must be retried before any later one is sent), when `goOn` says so
   * before an attempt, or when an attempt throws (thrown only if it was the first). The attempts are
   * logged together at the end, in one transaction. Returns the outcomes of those attempted.
   */
  async attemptInOrder(notificationIds: string[], goOn: () => boolean): Promise<DeliveryOutcome[]> {
    const tried: TriedAttempt[] = [];
    let failure: unknown = null;
    for (const notificationId of notificationIds) {
      if (tried.length > 0 && !goOn()) break;
      try {
        tried.push(await this.tryOnce(notificationId, {}));
      } catch (error) {
        failure = error;
        break;
      }
      if (tried.at(-1)!.outcome.kind === 'retry') break;
    }
    // What was sent is logged even when a later one failed: the workflow asks again for the rest.
    await this.log(tried.flatMap((t) => (t.made ? [t.made] : [])));
    if (tried.length === 0 && failure !== null) throw failure;
    return tried.map((t) => t.outcome);
  }

  /** One try, not logged yet: what it came to and, when something was attempted, its log entry. */
  private async tryOnce(notificationId: string, options: DeliveryAttemptOptions): Promise<TriedAttempt> {
    const target = await this.notifications.findDeliveryTarget(notificationId);
    if (!target) throw new NotificationNotFoundError(`no notification ${notificationId}`);
    const { notification, order, account } = target;
    if (!options.redelivery) {
      if (notification.deliveredAt) return { outcome: { kind: 'delivered' } };
      if (notification.failedAt) return { outcome: { kind: 'gone' } };
    } else if (
      options.redeliveryAfterAttemptId !== undefined &&
      (await this.notifications.deliveredAfter(notificationId, options.redeliveryAfterAttemptId))
    ) {
      return { outcome: { kind: 'delivered' } };
    }
    if (!order)
      throw new NotificationNotFoundError(
        `no order ${notification.orderid} for notification ${notificationId}`,
      );
    if (!account) throw new NotificationNotFoundError(`no account for order ${order.orderid}`);
    const url = callbackUrlOf(order, account);
    if (!url) {
      // Settled, apart from failures: nothing to retry, no endpoint to alert about, but the delivery
      // log and the worker's log say why nothing arrived.
      await this.notifications.markNotSent(notificationId, this.clock(), NO_CALLBACK_URL_ERROR);
      this.info(`Notification ${notificationId} of order ${order.orderid} ${NO_CALLBACK_URL_ERROR}`);
      return { outcome: { kind: 'no-callback' } };
    }

    const attemptedAt = this.clock();
    const logged = { notificationId, attemptedAt, url: loggableUrl(url) };
    const observed = {
      accountId: account.id,
      accountEmail: account.email,
      accountAlerted: account.alerted,
      notificationId,
      notificationCreatedAt: notification.createdAt,
      orderid: order.orderid,
      url,
    };
    let body: string;
    let headers: Record<string, string>;
    try {
      body = JSON.stringify(await this.payloads.build({ notification, order, account }, attemptedAt));
      const secrets = signingSecretsOf(account, attemptedAt).map((sealed) =>
        this.secretBox.open(sealed, WEBHOOK_SECRET_AAD),
      );
      headers = {
        ...signWebhook({ id: notification.id, timestamp: unixSeconds(attemptedAt), body, secrets }),
      };
    } catch (error) {
      // Our side failed before sending: logged as an attempt so the delivery log says why nothing arrived.
      const message = `notification not sent: ${describe(error)}`;
      const outcome: DeliveryOutcome = { kind: 'retry', retryAfterMs: null, error: message };
      return {
        outcome,
        made: {
          entry: {
            attempt: { ...logged, httpStatus: null, latencyMs: null, error: message, responseExcerpt: null },
            settled: null,
          },
          observed: { ...observed, outcome },
        },
      };
    }

    const result = await this.sender.send(url, body, headers);
    const outcome = outcomeOf(result, this.clock());
    return {
      outcome,
      made: {
        entry: {
          attempt: {
            ...logged,
            httpStatus: result.kind === 'response' ? result.status : null,
            latencyMs: result.latencyMs,
            error: outcome.kind === 'retry' || outcome.kind === 'gone' ? errorOf(result) : null,
            responseExcerpt: result.kind === 'response' ? result.excerpt : null,
          },
          settled:
            outcome.kind === 'delivered' || outcome.kind === 'gone'
              ? { kind: outcome.kind, at: this.clock() }
              : null,
        },
        observed: { ...observed, outcome },
      },
    };
  }

  /** Writes the attempts to the log, then tells the observer of each (it sees only logged ones). */
  private async log(made: MadeAttempt[]): Promise<void> {
    if (made.length === 0) return;
    await this.notifications.recordAttempts(made.map((m) => m.entry));
    for (const { observed } of made) await this.observer?.attempted(observed);
  }

  /** Closes the kept-alive connections to receivers (process shutdown). */
  close(): void {
    this.sender.close();
  }

  /** The workflow gives up on a notification (retry deadline passed): recorded for the delivery log. */
  async markFailed(notificationId: string, reason: string): Promise<void> {
    await this.notifications.markFailed(notificationId, this.clock(), reason);
  }
}

function outcomeOf(result: WebhookSendResult, now: Date): DeliveryOutcome {
  if (result.kind === 'failure') return { kind: 'retry', retryAfterMs: null, error: result.error };
  const { status } = result;
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410) return { kind: 'gone' };
  const retryAfter = status === 429 || status === 503 ? retryAfterMs(result.retryAfter, now) : null;
  return { kind: 'retry', retryAfterMs: retryAfter, error: errorOf(result) };
}

function errorOf(result: WebhookSendResult): string {
  if (result.kind === 'failure') return result.error;
  const { status } = result;
  if (status === 410) return 'HTTP 410 Gone: the receiver asked for no more deliveries';
  if (status >= 300 && status < 400) {
    const target = result.location === null ? '' : ` to ${result.location.slice(0, 300)}`;
    return `HTTP ${status}: redirect${target} not followed`;
  }
  if (result.retryAfter !== null && (status === 429 || status === 503)) {
    return `HTTP ${status} (Retry-After: ${result.retryAfter.slice(0, 100)})`;
  }
  return `HTTP ${status}`;
}

/**
 * The account's sealed secrets an attempt at `at` is signed with: the current one, and the one its last
 * rotation replaced while that rotation's grace period lasts (the receiver accepts either).
 */
function signingSecretsOf(account: DeliveryAccount, at: Date): string[] {
  const { webhookSecretSealed, previousWebhookSecretSealed, previousWebhookSecretUntil } = account;
  return previousWebhookSecretSealed !== null &&
    previousWebhookSecretUntil !== null &&
    previousWebhookSecretUntil > at
    ? [webhookSecretSealed, previousWebhookSecretSealed]
    : [webhookSecretSealed];
}

/** The URL as logged: a password in it is masked, and it fits the column. */
function loggableUrl(raw: string): string {
  let text = raw;
  try {
    const url = new URL(raw);
    if (url.password) {
      url.password = '***';
      text = url.toString();
    }
  } catch {
    // Logged as given: the sender refuses it and says why.
  }
  return text.slice(0, URL_COLUMN_LENGTH);
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
