/**
 * What the API and the worker agree on about the workflows that deliver one notification outside the
 * order workflow (redeliveries, test events) and send the confirmation email. Workflow-safe.
 */
import { type NotificationRetrySettings } from './notification-retry-schedule';

export const NOTIFICATION_DELIVERY_WORKFLOW_TYPE = 'notificationDeliveryWorkflow';
export const CONFIRMATION_EMAIL_WORKFLOW_TYPE = 'confirmationEmailWorkflow';

export interface NotificationDeliveryWorkflowInput {
  notificationId: string;
  /**
   * A redelivery sends even a notification already delivered or given up; null for a first delivery
   * (test events). `afterAttemptId`: the last logged attempt when the redelivery was asked.
   */
  redelivery: { afterAttemptId: string } | null;
  settings: NotificationRetrySettings;
  /** Carried across continue-as-new, so a long retry keeps its schedule and deadline. */
  carried?: { firstAttemptAt: number; attempts: number };
}

/** How a delivery workflow ended. */
export type NotificationDeliveryResult = 'delivered' | 'gone' | 'no-callback' | 'given-up';

/** First delivery of a test event's notification. */
export function notificationDeliveryWorkflowId(notificationId: string): string {
  return `notification-${notificationId}`;
}

/** One per notification: a new redelivery replaces one still retrying. */
export function notificationRedeliveryWorkflowId(notificationId: string): string {
  return `notification-${notificationId}-redelivery`;
}

export interface ConfirmationEmailWorkflowInput {
  orderid: string;
  /** Epoch ms when the API asked for it, right before committing the order. */
  requestedAt: number;
  /** Retries (SMTP down) stop after this long; the workflow then fails, visible to operators. */
  deadlineMs: number;
}

export function confirmationEmailWorkflowId(orderid: string): string {
  return `confirmation-email-${orderid}`;
}
