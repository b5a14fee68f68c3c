import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';
import { CodecPayloadsModel } from '../models/codec-payloads.model';
import { HealthReportModel } from '../models/health-report.model';
import { ApiEnvelopeOk, ApiErrorEnvelope } from '../openapi-envelope';
import { ERROR_EXAMPLES } from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';

export const HealthDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.operations.name),
    ApiOperation({
      operationId: 'health',
      summary: 'État de santé',
      description: '200 quand PostgreSQL et Temporal répondent, 503 sinon (le message nomme ce qui manque).',
    }),
    ApiEnvelopeOk(HealthReportModel, 'Service opérationnel', {
      ok: {
        summary: 'Service opérationnel',
        value: {
          message: 'Service opérationnel',
          payload: { database: true, temporal: true },
          success: true,
        },
      },
    }),
    ApiErrorEnvelope(503, 'Une dépendance ne répond pas', {
      temporalDown: {
        ...ERROR_EXAMPLES.dependencyUnavailable,
        message: `${ERROR_EXAMPLES.dependencyUnavailable.message} (Temporal)`,
      },
    }),
  );

export const MetricsDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.operations.name),
    ApiOperation({
      operationId: 'metrics',
      summary: 'Métriques Prometheus',
      description:
        'Format texte Prometheus : requêtes HTTP (nombre et latence par route et statut), commandes par ' +
        'état, transitions, tentatives de notification et échecs. Publique, sauf si `METRICS_TOKEN` est ' +
        'défini : `Authorization: Bearer <METRICS_TOKEN>` est alors exigé. Les métriques du worker (SDK ' +
        'Temporal, appels extranet) sont sur ses propres ports.',
    }),
    ApiSecurity({}),
    ApiSecurity('metricsToken'),
    ApiResponse({
      status: 200,
      description: 'Les séries, au format texte de Prometheus',
      content: {
        'text/plain': {
          schema: { type: 'string' },
          example:
            '# TYPE pre_statement_orders gauge\npre_statement_orders{state="done",test_mode="false"} 42\n',
        },
      },
    }),
    ApiErrorEnvelope(401, 'Jeton de métriques manquant ou faux (si METRICS_TOKEN est défini)', {
      unauthenticated: ERROR_EXAMPLES.unauthenticated,
    }),
  );

const codecBody = (operationId: string, summary: string, description: string) =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.operations.name),
    ApiOperation({ operationId, summary, description }),
    ApiSecurity('codecToken'),
    ApiExtraModels(CodecPayloadsModel),
    ApiBody({ required: true, schema: { $ref: getSchemaPath(CodecPayloadsModel) } }),
    ApiResponse({
      status: 200,
      description: 'Les charges utiles transformées, même forme que la requête (pas d’enveloppe)',
      schema: { $ref: getSchemaPath(CodecPayloadsModel) },
    }),
    ApiErrorEnvelope(400, 'Corps qui n’est pas de la forme du protocole', {
      codecBody: { message: VALIDATION_MESSAGES.codecBody(), payload: null, success: false },
    }),
    ApiErrorEnvelope(401, 'Jeton du codec manquant ou faux', {
      unauthenticated: ERROR_EXAMPLES.unauthenticated,
    }),
  );

export const CodecDecodeDocs = () =>
  codecBody(
    'codecDecode',
    'Codec Temporal : déchiffrer des charges utiles',
    'Protocole « remote codec » de Temporal, pour l’interface web Temporal (`TEMPORAL_CODEC_ENDPOINT` = ' +
      '`<adresse publique>/codec`) et la CLI (`--codec-endpoint`). Réservé aux opérateurs : jeton ' +
      '`CODEC_AUTH_TOKEN`, CORS limité à l’origine de l’interface Temporal.',
  );

export const CodecEncodeDocs = () =>
  codecBody(
    'codecEncode',
    'Codec Temporal : chiffrer des charges utiles',
    'Inverse de `/codec/decode`, pour envoyer depuis l’interface Temporal des données que le worker sait lire.',
  );

export const OpenApiJsonDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documentation.name),
    ApiOperation({ operationId: 'openApiDocument', summary: 'Ce document OpenAPI (JSON)' }),
    ApiResponse({
      status: 200,
      description: 'Le document OpenAPI 3 du service',
      content: { 'application/json': { schema: { type: 'object' } } },
    }),
  );

export const DocsPageDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documentation.name),
    ApiOperation({ operationId: 'docsPage', summary: 'Documentation interactive (Swagger UI)' }),
    ApiResponse({
      status: 200,
      description: 'Page HTML',
      content: { 'text/html': { schema: { type: 'string' } } },
    }),
  );

export const DocsAssetDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documentation.name),
    ApiOperation({
      operationId: 'docsAsset',
      summary: 'Fichiers de la documentation interactive',
      description: 'Scripts, feuilles de style et icônes de Swagger UI, servis par le service (aucun CDN).',
    }),
    ApiResponse({ status: 200, description: 'Le fichier' }),
    ApiErrorEnvelope(404, 'Fichier inconnu', {
      notFound: { message: 'Ressource introuvable', payload: null, success: false },
    }),
  );
