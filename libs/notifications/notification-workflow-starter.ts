/** Which notification a delivery workflow is for (the order and account label it for operators). */
export interface NotificationWorkflowTarget {
  notificationId: string;
  orderid: string;
  /** The account's email. */
  account: string;
}

/** Hands notifications to the durable workflows that deliver them (Temporal). */
export interface NotificationWorkflowStarter {
  /**
   * Appends a committed notification to its order's queue, starting the queue if it is not running.
   * Queuing the same notification again is harmless.
   */
  enqueue(target: NotificationWorkflowTarget): Promise<void>;
  /**
   * Sends the notification again now, with the same `webhook-id`, then retries on the usual schedule.
   * `afterAttemptId`: the delivery log's last attempt at the time of the request.
   */
  startRedelivery(target: NotificationWorkflowTarget, afterAttemptId: string): Promise<void>;
  /**
   * Asks the order's running queue to try its head now; false when no queue runs for the order (it
   * closed once it had nothing left to send).
   */
  retryQueueNow(orderid: string): Promise<boolean>;
}
