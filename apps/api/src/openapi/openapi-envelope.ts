import { type Type, applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiResponse,
  type ReferenceObject,
  type SchemaObject,
  getSchemaPath,
} from '@nestjs/swagger';
import { type DocumentedExample } from './openapi-examples';

type Example = { summary: string; value: unknown };

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

/** The envelope of a success whose payload has the given schema (keys in alphabetical order). */
export function envelopeSchema(payload: SchemaObject | ReferenceObject): SchemaObject {
  return {
    type: 'object',
    required: ['message', 'payload', 'success'],
    properties: {
      message: { type: 'string', nullable: true, description: 'Texte en français, ou null' },
      payload,
      success: { type: 'boolean', example: true },
    },
  };
}

/** A 200 answer enveloping `model`, with its examples. */
export function ApiEnvelopeOk(
  model: Type<unknown>,
  description: string,
  examples: Record<string, Example> = {},
): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status: 200,
      description,
      schema: envelopeSchema({ $ref: getSchemaPath(model) }),
      ...(Object.keys(examples).length > 0 ? { examples } : {}),
    }),
  );
}

/** An error answer of one status, with the catalogue messages it can carry as named examples. */
export function ApiErrorEnvelope(
  status: number,
  description: string,
  examples: Record<string, { message: string; payload: null; success: false }>,
): MethodDecorator {
  return ApiResponse({
    status,
    description,
    schema: { $ref: ERROR_ENVELOPE_REF },
    examples: Object.fromEntries(
      Object.entries(examples).map(([name, value]) => [name, { summary: value.message, value }]),
    ),
  });
}

/** A JSON request body of `dto`, with the documented examples (valid ones and refused ones). */
export function ApiJsonBody(
  dto: Type<unknown>,
  description: string,
  examples: Record<string, DocumentedExample>,
): MethodDecorator {
  return applyDecorators(
    ApiExtraModels(dto),
    ApiBody({ description, required: true, schema: { $ref: getSchemaPath(dto) }, examples }),
  );
}
