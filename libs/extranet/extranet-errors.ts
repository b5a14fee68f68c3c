import { ServiceError } from '@libs/platform/domain-error';

/**
 * Failures of an extranet connector. Messages are English, for logs and operators, and never carry
 * the syndic password or the session token. `retryable` tells the caller whether trying again later can
 * succeed; the order activities classify them (libs/orders/collection/order-processing-failure.ts).
 */
export type ExtranetErrorCode =
  | 'extranet_credentials_refused'
  | 'extranet_unavailable'
  | 'extranet_destination_refused'
  | 'extranet_no_connector'
  | 'extranet_document_unavailable';

export abstract class ExtranetError extends ServiceError {
  abstract override readonly code: ExtranetErrorCode;
}

/** The extranet refused the syndic credentials. Retrying them can only fail again: the client must correct them. */
export class ExtranetCredentialsRefusedError extends ExtranetError {
  override readonly name = 'ExtranetCredentialsRefusedError';
  readonly code = 'extranet_credentials_refused';
  constructor(message = 'The syndic extranet refused the credentials') {
    super(message);
  }
}

/** The extranet is down, too slow, unreachable or gave an answer we cannot read: retry later. */
export class ExtranetUnavailableError extends ExtranetError {
  override readonly name = 'ExtranetUnavailableError';
  readonly code = 'extranet_unavailable';
  override readonly retryable = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The extranet will not give one listed document now: it answers that the document is not there (404,
 * 410), or sends more than the size limit. The collection goes on without it: it stays missing, and a
 * later poll asks again. Retrying at once could only fail the same way, and hold every other document.
 */
export class ExtranetDocumentUnavailableError extends ExtranetError {
  override readonly name = 'ExtranetDocumentUnavailableError';
  readonly code = 'extranet_document_unavailable';
  constructor(message: string) {
    super(message);
  }
}

/**
 * The extranet's address may not be called: not an http(s) URL, credentials embedded in it, or a
 * destination the outbound address policy refuses (loopback, private, metadata… or the sandbox for a
 * live order). Nothing was sent; retrying the same address can only be refused again.
 */
export class ExtranetDestinationRefusedError extends ExtranetError {
  override readonly name = 'ExtranetDestinationRefusedError';
  readonly code = 'extranet_destination_refused';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No connector serves this live order: no adapter registered for its syndic and no `syndic.url`. */
export class ExtranetNoConnectorError extends ExtranetError {
  override readonly name = 'ExtranetNoConnectorError';
  readonly code = 'extranet_no_connector';
  constructor() {
    // Without the syndic's name: the message is stored in clear in Temporal's history.
    super('No extranet connector is registered for the syndic and the order gives no syndic.url');
  }
}
