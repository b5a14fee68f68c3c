import { type INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { type AppConfig } from '@libs/platform/config/app-config';
import { PUBLIC_OPERATION_EXTENSION } from '../platform/security/public.decorator';
import { ERROR_ENVELOPE_REF, ERROR_ENVELOPE_SCHEMA } from './openapi-envelope';
import { OPENAPI_DESCRIPTION } from './openapi-description';
import { ERROR_EXAMPLES } from './openapi-examples';
import { OPENAPI_TAGS } from './openapi-tags';

/** Version of the published interface this document describes (not of the service's build). */
export const API_VERSION = '1.0';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

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
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-Auth-Key', description: 'Clé API du compte (`psk_live_…`)' },
      'apiKey',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Jeton obtenu par POST /account/auth',
      },
      'bearer',
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'Valeur de METRICS_TOKEN (opérateurs)' },
      'metricsToken',
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'Valeur de CODEC_AUTH_TOKEN (opérateurs)' },
      'codecToken',
    )
    // Both headers on every route but the public ones: one requirement object means "and".
    .addSecurityRequirements({ apiKey: [], bearer: [] });
  for (const tag of Object.values(OPENAPI_TAGS)) builder.addTag(tag.name, tag.description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    // Sections are the tags of the docs decorators, not controller class names.
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
  if (needsApiKey)
    addError(operation, 400, 'Clé API manquante ou inconnue', 'invalidApiKey', ERROR_EXAMPLES.invalidApiKey);
  if (needsToken) {
    addError(
      operation,
      401,
      'Jeton d’accès manquant, invalide ou expiré',
      'unauthenticated',
      ERROR_EXAMPLES.unauthenticated,
    );
  }
  if (hasJsonBody) {
    addError(operation, 400, 'JSON mal formé', 'malformedJson', ERROR_EXAMPLES.malformedJson);
    addError(operation, 413, 'Corps trop volumineux', 'payloadTooLarge', ERROR_EXAMPLES.payloadTooLarge);
    addError(operation, 415, 'Corps non JSON', 'unsupportedMediaType', ERROR_EXAMPLES.unsupportedMediaType);
  }
  addError(
    operation,
    429,
    'Trop de requêtes : réessayer après Retry-After secondes',
    'rateLimited',
    ERROR_EXAMPLES.rateLimited,
  );
  const retryAfter = (operation.responses['429'] as ResponseObject).headers ?? {};
  (operation.responses['429'] as ResponseObject).headers = {
    ...retryAfter,
    'Retry-After': { description: 'Secondes à attendre', schema: { type: 'integer', example: 30 } },
  };
  addError(
    operation,
    500,
    'Erreur inattendue, avec une référence à citer',
    'internalError',
    ERROR_EXAMPLES.internalError,
  );
  if (!operation.tags?.includes(OPENAPI_TAGS.documentation.name)) {
    addError(
      operation,
      503,
      'Base de données ou Temporal indisponible',
      'dependencyUnavailable',
      ERROR_EXAMPLES.dependencyUnavailable,
    );
  }
}

/** Adds the error answer, or one more example to the operation's own answer of that status. */
function addError(
  operation: OperationObject,
  status: number,
  description: string,
  exampleName: string,
  example: { message: string },
): void {
  const key = String(status);
  const existing = operation.responses[key] as ResponseObject | undefined;
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
