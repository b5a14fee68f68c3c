/** Which notification a delivery workflow is for (the order and account label it for operators). */
export interface NotificationWorkflowTarget {
  notificationId: string;
  orderid: string;
  /** The account's email. */
  account: string;
}

/** Starts the durable delivery of one notification outside its order's queue (Temporal). */
export interface NotificationWorkflowStarter {
  /** First delivery of a notification created by the API (a test event). */
  startDelivery(target: NotificationWorkflowTarget): Promise<void>;
  /**
   * Sends the notification again now, with the same `webhook-id`, then retries on the usual schedule.
   * `afterAttemptId`: the delivery log's last attempt at the time of the request.
   */
  startRedelivery(target: NotificationWorkflowTarget, afterAttemptId: string): Promise<void>;
}
