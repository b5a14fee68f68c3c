// The worker's workflow bundle entry point: every workflow type is exported from here.
export { orderWorkflow } from './order.workflow';
export { notificationDeliveryWorkflow } from './notification-delivery.workflow';
export { confirmationEmailWorkflow } from './confirmation-email.workflow';
