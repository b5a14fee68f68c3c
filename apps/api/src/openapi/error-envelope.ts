import { type SchemaObject } from '@nestjs/swagger';
import { ERROR_MESSAGES, HEALTH_DEPENDENCY_NAMES, VALIDATION_MESSAGES } from '@libs/platform/messages.fr';

/** The error envelope: every refusal and failure, 4xx and 5xx, has this shape. */
export const ERROR_ENVELOPE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['message', 'payload', 'success'],
  properties: {
    message: { type: 'string', description: 'Texte en français décrivant le problème' },
    payload: { type: 'object', nullable: true, description: 'Toujours null en erreur', example: null },
    success: { type: 'boolean', description: 'Toujours false en erreur', example: false },
  },
};

/** Where the document keeps ERROR_ENVELOPE_SCHEMA (added by buildOpenApiDocument). */
export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

export interface ErrorEnvelopeExample {
  message: string;
  payload: null;
  success: false;
}

/** An error envelope with a message of the catalogue: what every refusal looks like. */
function errorEnvelopeExample(message: string): ErrorEnvelopeExample {
  return { message, payload: null, success: false };
}

const dependencyUnavailable = errorEnvelopeExample(ERROR_MESSAGES.dependency_unavailable({}));

/** The documented error answers, by name: routes list the names of theirs (Endpoint `errors`). */
export const ERROR_EXAMPLES = {
  invalidApiKey: errorEnvelopeExample(ERROR_MESSAGES.invalid_api_key({})),
  invalidCredentials: errorEnvelopeExample(ERROR_MESSAGES.invalid_credentials({})),
  unauthenticated: errorEnvelopeExample(ERROR_MESSAGES.unauthenticated({})),
  syndicInvalid: errorEnvelopeExample(ERROR_MESSAGES.syndic_invalid({})),
  syndicUrlRefused: errorEnvelopeExample(VALIDATION_MESSAGES.urlRefusedAddress('syndic.url')),
  malformedJson: errorEnvelopeExample(
    ERROR_MESSAGES.malformed_json({ reason: 'virgule attendue (ligne 1, colonne 2, position 1)' }),
  ),
  orderNotFound: errorEnvelopeExample(ERROR_MESSAGES.order_not_found({})),
  orderClosed: errorEnvelopeExample(ERROR_MESSAGES.order_closed({})),
  documentNotReady: errorEnvelopeExample(ERROR_MESSAGES.document_not_ready({})),
  dossierNotAvailable: errorEnvelopeExample(ERROR_MESSAGES.dossier_not_available({})),
  idempotencyConflict: errorEnvelopeExample(ERROR_MESSAGES.idempotency_conflict({})),
  idempotencyKeyUnverifiable: errorEnvelopeExample(ERROR_MESSAGES.idempotency_key_unverifiable({})),
  testModeOnly: errorEnvelopeExample(ERROR_MESSAGES.test_mode_only({})),
  notificationNotFound: errorEnvelopeExample(ERROR_MESSAGES.notification_not_found({})),
  noCallbackUrl: errorEnvelopeExample(ERROR_MESSAGES.no_callback_url({})),
  notFound: errorEnvelopeExample(ERROR_MESSAGES.route_not_found({})),
  payloadTooLarge: errorEnvelopeExample(ERROR_MESSAGES.payload_too_large({})),
  unsupportedMediaType: errorEnvelopeExample(ERROR_MESSAGES.unsupported_media_type({})),
  unsupportedContentEncoding: errorEnvelopeExample(
    ERROR_MESSAGES.unsupported_content_encoding({ encoding: 'gzip' }),
  ),
  rateLimited: errorEnvelopeExample(ERROR_MESSAGES.rate_limited({})),
  internalError: errorEnvelopeExample(
    ERROR_MESSAGES.internal_error({ errorId: '4f6c2a3e-9b1d-4e7a-8c55-0d2f7e9a1b34' }),
  ),
  dependencyUnavailable,
  temporalDown: errorEnvelopeExample(
    `${dependencyUnavailable.message} (${HEALTH_DEPENDENCY_NAMES.temporal})`,
  ),
  documentLinkExpired: errorEnvelopeExample(ERROR_MESSAGES.document_link_expired({})),
  documentLinkInvalid: errorEnvelopeExample(ERROR_MESSAGES.document_link_invalid({})),
  codecBody: errorEnvelopeExample(VALIDATION_MESSAGES.codecBody()),
} satisfies Record<string, ErrorEnvelopeExample>;

export type ErrorExampleName = keyof typeof ERROR_EXAMPLES;
