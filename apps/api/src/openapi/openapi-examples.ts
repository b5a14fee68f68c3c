import { ERROR_MESSAGES, SUCCESS_MESSAGES, VALIDATION_MESSAGES } from '@libs/platform/messages.fr';

/**
 * The examples of the published interface, in one place: shown in the OpenAPI document and sent to the
 * real API by test/e2e/openapi.e2e.spec.ts, so a documented example never stops being accepted.
 * `x-expected-status` marks the examples documented as refused.
 */
export interface DocumentedExample {
  summary: string;
  description?: string;
  value: unknown;
  'x-expected-status'?: number;
}

/** The smallest valid PDF accepted by the upload checks (header, one empty page, trailer, %%EOF). */
export const EXAMPLE_PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

export const EXAMPLE_ACCOUNT_EMAIL = 'etude@example.fr';
export const EXAMPLE_ORDER_ID = 'K7Q2ZP';

const SYNDIC = { name: 'Foncia', username: 'marie.dupont', password: 'mot-de-passe-extranet' };

/** The creation body of the published interface, in test mode so that trying it costs nothing. */
export const CREATE_ORDER_EXAMPLE = {
  email: EXAMPLE_ACCOUNT_EMAIL,
  address: '12 rue des Lilas',
  additional: '',
  city: 'Lyon',
  zipcode: '69003',
  owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
  invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
  method: 'extranet',
  syndic: SYNDIC,
  all_due_paid: false,
  external_id: 'DOSSIER-42',
  test_mode: true,
};

export const CREATE_ORDER_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Méthode extranet (interface publiée), en mode test',
    description:
      "Le service se connecte à l'extranet du syndic avec les identifiants du vendeur. En mode test, " +
      "l'extranet de démonstration est utilisé quel que soit le syndic indiqué.",
    value: CREATE_ORDER_EXAMPLE,
  },
  upload: {
    summary: 'Méthode upload : les documents sont envoyés par le client',
    value: {
      address: '8 avenue Jean Jaurès',
      additional: 'Bâtiment B, 3e étage',
      city: 'Villeurbanne',
      zipcode: '69100',
      owners: [
        { firstname: 'Paul', lastname: 'Martin' },
        { firstname: 'Claire', lastname: 'Martin' },
      ],
      invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
      method: 'upload',
      lots: '12, 47',
      external_id: 4242,
      test_mode: true,
      documents: [
        {
          doctype: 1,
          filename: 'fiche-synthetique.pdf',
          mimetype: 'application/pdf',
          content: EXAMPLE_PDF_BASE64,
        },
      ],
    },
  },
  syndicMissing: {
    summary: 'Refusé (400) : méthode extranet sans syndic',
    value: { ...CREATE_ORDER_EXAMPLE, syndic: undefined },
    'x-expected-status': 400,
  },
  zipcodeInvalid: {
    summary: 'Refusé (400) : code postal invalide',
    value: { ...CREATE_ORDER_EXAMPLE, zipcode: '6900' },
    'x-expected-status': 400,
  },
};

export const AUTH_EXAMPLES: Record<string, DocumentedExample> = {
  credentials: {
    summary: 'Adresse e-mail et mot de passe du compte',
    value: { email: EXAMPLE_ACCOUNT_EMAIL, password: 'un long mot de passe' },
  },
  passwordMissing: {
    summary: 'Refusé (400) : mot de passe manquant',
    value: { email: EXAMPLE_ACCOUNT_EMAIL },
    'x-expected-status': 400,
  },
};

export const REFRESH_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Nouveaux identifiants extranet (interface publiée)',
    value: { all_due_paid: true, comment: 'Nouvel appel de fonds reçu', method: 'extranet', syndic: SYNDIC },
  },
  sameCredentials: {
    summary: 'Sans syndic : les identifiants déjà connus sont réutilisés',
    value: { all_due_paid: false, comment: '' },
  },
  syndicIncomplete: {
    summary: 'Refusé (400) : syndic incomplet',
    value: { method: 'extranet', syndic: { name: 'Foncia', username: '', password: 'x' } },
    'x-expected-status': 400,
  },
};

export const NEED_REFRESH_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Interface publiée (obsolète : préférer POST /order/{orderid}/refresh)',
    value: { orderid: EXAMPLE_ORDER_ID, account: EXAMPLE_ACCOUNT_EMAIL, method: 'extranet', syndic: SYNDIC },
  },
  orderidMissing: {
    summary: 'Refusé (400) : orderid manquant',
    value: { account: EXAMPLE_ACCOUNT_EMAIL, method: 'extranet', syndic: SYNDIC },
    'x-expected-status': 400,
  },
};

export const UPLOAD_EXAMPLES: Record<string, DocumentedExample> = {
  minutes: {
    summary: 'Un procès-verbal d’assemblée générale (doctype 2)',
    value: {
      documents: [
        { doctype: 2, filename: 'pv-ag-2024.pdf', mimetype: 'application/pdf', content: EXAMPLE_PDF_BASE64 },
      ],
    },
  },
  notPdf: {
    summary: 'Refusé (400) : le contenu n’est pas un PDF',
    value: {
      documents: [
        {
          doctype: 2,
          filename: 'pv-ag-2024.pdf',
          mimetype: 'application/pdf',
          content: Buffer.from('pas un pdf').toString('base64'),
        },
      ],
    },
    'x-expected-status': 400,
  },
};

export const TEST_EVENT_EXAMPLES: Record<string, DocumentedExample> = {
  done: {
    summary: 'Simuler la notification « done » (avec un PDF spécimen)',
    value: { orderid: EXAMPLE_ORDER_ID, event: 'done' },
  },
  unknownEvent: {
    summary: 'Refusé (400) : statut inconnu',
    value: { orderid: EXAMPLE_ORDER_ID, event: 'shipped' },
    'x-expected-status': 400,
  },
};

export const ORDER_RECORD_EXAMPLE = {
  account: EXAMPLE_ACCOUNT_EMAIL,
  billing_mode: null,
  created: 'Tue, 25 Mar 2025 17:32:39 GMT',
  external_id: 'DOSSIER-42',
  orderid: EXAMPLE_ORDER_ID,
  pending: true,
  refreshed: false,
  sso_provider: null,
  state: 'confirmed',
  test_mode: true,
  updated: 'Tue, 25 Mar 2025 17:32:39 GMT',
};

export const CREATED_ORDER_ENVELOPE_EXAMPLE = {
  message: SUCCESS_MESSAGES.orderCreated,
  payload: ORDER_RECORD_EXAMPLE,
  success: true,
};

export const REFRESHED_ORDER_ENVELOPE_EXAMPLE = {
  message: null,
  payload: {
    ...ORDER_RECORD_EXAMPLE,
    refreshed: true,
    state: 'need-refresh',
    updated: 'Mon, 14 Apr 2025 09:05:12 GMT',
  },
  success: true,
};

export const AUTH_ENVELOPE_EXAMPLE = {
  message: SUCCESS_MESSAGES.loginSucceeded,
  payload: {
    access_token:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJldHVkZUBleGFtcGxlLmZyIn0.c2lnbmF0dXJlLWQtZXhlbXBsZQ',
    expires_in: 3600,
  },
  success: true,
};

/** An error envelope with a message of the catalogue: what every refusal looks like. */
export function errorEnvelopeExample(message: string): { message: string; payload: null; success: false } {
  return { message, payload: null, success: false };
}

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
  payloadTooLarge: errorEnvelopeExample(ERROR_MESSAGES.payload_too_large({})),
  unsupportedMediaType: errorEnvelopeExample(ERROR_MESSAGES.unsupported_media_type({})),
  rateLimited: errorEnvelopeExample(ERROR_MESSAGES.rate_limited({})),
  internalError: errorEnvelopeExample(
    ERROR_MESSAGES.internal_error({ errorId: '4f6c2a3e-9b1d-4e7a-8c55-0d2f7e9a1b34' }),
  ),
  dependencyUnavailable: errorEnvelopeExample(ERROR_MESSAGES.dependency_unavailable({})),
  documentLinkExpired: errorEnvelopeExample(ERROR_MESSAGES.document_link_expired({})),
  documentLinkInvalid: errorEnvelopeExample(ERROR_MESSAGES.document_link_invalid({})),
};
