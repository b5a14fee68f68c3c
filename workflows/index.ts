// The worker's workflow bundle entry point: every workflow type is exported from here.
export { orderWorkflow } from './order.workflow';
export { orderNotificationsWorkflow } from './order-notifications.workflow';
export { notificationRedeliveryWorkflow } from './notification-redelivery.workflow';
export { confirmationEmailWorkflow } from './confirmation-email.workflow';
