/** Associated data of sealed webhook secrets: a sealed value cannot be reused as another secret. */
export const WEBHOOK_SECRET_AAD = 'webhook-secret';
