/** Starts the durable sending of a live order's confirmation email (Temporal in production). */
export interface ConfirmationEmailStarter {
  start(request: { orderid: string; account: string; requestedAt: Date }): Promise<void>;
}
