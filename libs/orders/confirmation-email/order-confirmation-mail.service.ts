import { ServiceError } from '@libs/platform/domain-error';
import { type AccountRepository } from '@libs/accounts/account.repository';
import { type OrderRepository } from '../order.repository';
import { type Mailer } from '@libs/platform/mail/mailer';
import { orderConfirmationEmail } from './order-confirmation.email';

export type ConfirmationEmailResult =
  | 'sent'
  /** Sent before (a retried activity): not sent twice. */
  | 'already-sent'
  /** Test-mode orders never get one (docs/contract.md §5). */
  | 'test-mode'
  /** The order does not exist (the workflow starts after the order's commit: only if it was deleted). */
  | 'order-missing';

/**
 * The order is not visible yet. Email workflows start after the order's commit (relay or recovery
 * sweep), so this only guards against a replica lagging behind; retrying is harmless.
 */
export class OrderNotVisibleYetError extends ServiceError {
  override readonly name = 'OrderNotVisibleYetError';
  readonly code = 'order_not_visible_yet';
  override readonly retryable = true;
}

/** How long a missing order may still be a creation about to commit, rather than one rolled back. */
export const ORDER_VISIBILITY_GRACE_MS = 10 * 60_000;

/** The confirmation email of a live order, sent once to the account's address. */
export class OrderConfirmationMailService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly accounts: AccountRepository,
    private readonly mailer: Mailer,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** `requestedAt`: when the order was created. */
  async send(orderid: string, requestedAt: Date): Promise<ConfirmationEmailResult> {
    const order = await this.orders.findById(orderid);
    if (!order) {
      if (this.clock().getTime() - requestedAt.getTime() < ORDER_VISIBILITY_GRACE_MS) {
        throw new OrderNotVisibleYetError(`order ${orderid} is not visible yet`);
      }
      return 'order-missing';
    }
    if (order.testMode) return 'test-mode';
    if (order.confirmationEmailSentAt) return 'already-sent';
    const account = await this.accounts.findById(order.accountId);
    if (!account) return 'order-missing';
    await this.mailer.send({
      to: account.email,
      ...orderConfirmationEmail({
        orderid: order.orderid,
        externalId: order.externalId,
        address: order.address,
        additional: order.additional,
        zipcode: order.zipcode,
        city: order.city,
        lots: order.lots,
        owners: order.owners,
        method: order.method,
        syndicName: order.syndicName,
        createdAt: order.createdAt,
      }),
    });
    // A crash between the two sends the email again on retry: at least once, never lost.
    await this.orders.markConfirmationEmailSent(orderid, this.clock());
    return 'sent';
  }
}
