export * from './access-token.service';
export * from './api-key';
export * from './encryption-keys';
export * from './password-hasher';
export * from '@libs/orders/creation/request-fingerprinter';
export * from './secret-box';
export * from './security.errors';
export * from './webhook-secret';
