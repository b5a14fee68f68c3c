/**
 * Starts the durable sending of a live order's confirmation email (Temporal in production). Like the
 * order's workflow, it is started once per order: a repeated start is success and sends nothing more.
 */
export interface ConfirmationEmailStarter {
  start(request: { orderid: string; account: string; requestedAt: Date }): Promise<void>;
}
