import { type INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
  type SecuritySchemeObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { type AppConfig } from '@libs/platform/config/app-config';
import { PUBLIC_OPERATION_EXTENSION } from '../platform/security/public.decorator';
import {
  ERROR_ENVELOPE_REF,
  ERROR_ENVELOPE_SCHEMA,
  ERROR_EXAMPLES,
  type ErrorExampleName,
} from './error-envelope';
import { OPENAPI_DESCRIPTION } from './openapi-description';
import { OPENAPI_TAGS } from './openapi-tags';

/** Version of the published interface this document describes (not of the service's build). */
export const API_VERSION = '1.0';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Auth-Key',
    description: 'Clé API du compte (`psk_live_…`)',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Jeton obtenu par POST /account/auth',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'Valeur de METRICS_TOKEN (opérateurs)' },
  codecToken: { type: 'http', scheme: 'bearer', description: 'Valeur de CODEC_AUTH_TOKEN (opérateurs)' },
} satisfies Record<string, SecuritySchemeObject>;

/** The names a route's `security` may use (Endpoint). */
export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

const REQUEST_ID_HEADER = {
  description: 'Identifiant de la requête, à citer au support (celui envoyé par le client, sinon un nouveau)',
  schema: { type: 'string', example: 'f3b9c2d4-5e6a-4b7c-8d9e-0a1b2c3d4e5f' },
};

/**
 * The OpenAPI document of the running application: routes, DTOs and responses from the decorators,
 * then what applies to every operation (security, X-Request-Id, the common error answers) added here
 * once, so routes added later are documented consistently.
 */
export function buildOpenApiDocument(app: INestApplication, config: Pick<AppConfig, 'http'>): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Service de commande de pré-état daté')
    .setDescription(OPENAPI_DESCRIPTION)
    .setVersion(API_VERSION)
    .addServer(config.http.publicBaseUrl)
    // Both headers on every route but the public ones: one requirement object means "and".
    .addSecurityRequirements({ apiKey: [], bearer: [] });
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) builder.addSecurity(name, scheme);
  for (const tag of Object.values(OPENAPI_TAGS)) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    // Sections are the tags of the Endpoint decorators, not controller class names.
    autoTagControllers: false,
  });
  return uniqueOperationIds(completeOperations(document));
}

function completeOperations(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ErrorEnvelope: ERROR_ENVELOPE_SCHEMA };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as (OperationObject & Record<string, unknown>) | undefined;
      if (!operation) continue;
      const isPublic = operation[PUBLIC_OPERATION_EXTENSION] === true;
      delete operation[PUBLIC_OPERATION_EXTENSION];
      if (isPublic && operation.security === undefined) operation.security = [];
      const needsToken =
        operation.security === undefined || operation.security.some((requirement) => 'bearer' in requirement);
      const needsApiKey =
        operation.security === undefined || operation.security.some((requirement) => 'apiKey' in requirement);
      addRequestIdParameter(operation);
      addCommonErrors(operation, { needsToken, needsApiKey });
      for (const response of Object.values(operation.responses))
        addRequestIdHeader(response as ResponseObject);
    }
  }
  return document;
}

/** A route served under two paths yields two operations with one id; OpenAPI wants them unique. */
function uniqueOperationIds(document: OpenAPIObject): OpenAPIObject {
  const seen = new Set<string>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation?.operationId) continue;
      if (seen.has(operation.operationId)) {
        const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
        operation.operationId += words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
      }
      seen.add(operation.operationId);
    }
  }
  return document;
}

function addRequestIdParameter(operation: OperationObject): void {
  operation.parameters ??= [];
  const has = operation.parameters.some((p) => 'name' in p && p.name.toLowerCase() === 'x-request-id');
  if (!has) {
    const parameter: ParameterObject = {
      name: 'X-Request-Id',
      in: 'header',
      required: false,
      ...REQUEST_ID_HEADER,
    };
    operation.parameters.push(parameter);
  }
}

function addRequestIdHeader(response: ResponseObject): void {
  response.headers = { 'X-Request-Id': REQUEST_ID_HEADER, ...response.headers };
}

function addCommonErrors(
  operation: OperationObject,
  { needsToken, needsApiKey }: { needsToken: boolean; needsApiKey: boolean },
): void {
  const hasJsonBody =
    operation.requestBody !== undefined &&
    'content' in operation.requestBody &&
    operation.requestBody.content['application/json'] !== undefined;
  if (needsApiKey) addError(operation, 400, 'Clé API manquante ou inconnue', 'invalidApiKey');
  if (needsToken) addError(operation, 401, 'Jeton d’accès manquant, invalide ou expiré', 'unauthenticated');
  if (hasJsonBody) {
    addError(operation, 400, 'JSON mal formé', 'malformedJson');
    addError(operation, 413, 'Corps trop volumineux', 'payloadTooLarge');
    const refusedBody = 'Corps non JSON, ou compressé (Content-Encoding)';
    addError(operation, 415, refusedBody, 'unsupportedMediaType');
    addError(operation, 415, refusedBody, 'unsupportedContentEncoding');
  }
  addError(operation, 429, 'Trop de requêtes : réessayer après Retry-After secondes', 'rateLimited');
  const retryAfter = (operation.responses['429'] as ResponseObject).headers ?? {};
  (operation.responses['429'] as ResponseObject).headers = {
    ...retryAfter,
    'Retry-After': { description: 'Secondes à attendre', schema: { type: 'integer', example: 30 } },
  };
  addError(operation, 500, 'Erreur inattendue, avec une référence à citer', 'internalError');
  if (!operation.tags?.includes(OPENAPI_TAGS.documentation.name)) {
    addError(operation, 503, 'Base de données ou Temporal indisponible', 'dependencyUnavailable');
  }
}

/** Adds the error answer, or one more example to the operation's own answer of that status. */
function addError(
  operation: OperationObject,
  status: number,
  description: string,
  exampleName: ErrorExampleName,
): void {
  const key = String(status);
  const existing = operation.responses[key] as ResponseObject | undefined;
  const example = ERROR_EXAMPLES[exampleName];
  const named = { [exampleName]: { summary: example.message, value: example } };
  if (!existing) {
    operation.responses[key] = {
      description,
      content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF }, examples: named } },
    };
    return;
  }
  const json = existing.content?.['application/json'];
  if (json && !json.examples?.[exampleName]) json.examples = { ...json.examples, ...named };
}
