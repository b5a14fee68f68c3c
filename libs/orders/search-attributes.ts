import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';

/**
 * Custom Temporal search attributes of docs/contract.md §7 (registered by scripts/temporal.sh), so
 * operators filter orders in the Temporal UI. Workflow-safe: used by the workflow to keep them current.
 */
export const ORDER_SEARCH_ATTRIBUTES = {
  orderId: defineSearchAttributeKey('OrderId', SearchAttributeType.KEYWORD),
  account: defineSearchAttributeKey('Account', SearchAttributeType.KEYWORD),
  externalId: defineSearchAttributeKey('ExternalId', SearchAttributeType.KEYWORD),
  orderState: defineSearchAttributeKey('OrderState', SearchAttributeType.KEYWORD),
  testMode: defineSearchAttributeKey('TestMode', SearchAttributeType.BOOL),
} as const;
