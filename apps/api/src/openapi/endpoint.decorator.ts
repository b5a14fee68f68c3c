import { type Type, applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  type ApiHeaderOptions,
  ApiOperation,
  ApiParam,
  type ApiParamOptions,
  ApiQuery,
  type ApiQueryOptions,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  type ContentObject,
  getSchemaPath,
} from '@nestjs/swagger';
import { type Envelope } from '../platform/http/envelope';
import { type DescribedSchema } from './described-schema';
import { ERROR_ENVELOPE_REF, ERROR_EXAMPLES, type ErrorExampleName } from './error-envelope';
import { type SecuritySchemeName } from './openapi-document';
import { OPENAPI_TAGS } from './openapi-tags';

/**
 * A documented request body: shown in the OpenAPI document and sent to the real API by
 * test/e2e/openapi.e2e.spec.ts, so a documented example never stops being accepted.
 * `x-expected-status` marks the examples documented as refused.
 */
export interface DocumentedExample {
  summary: string;
  description?: string;
  value: unknown;
  'x-expected-status'?: number;
}

/** The envelope of a success whose payload has the given schema (keys in alphabetical order). */
const envelopeOf = (model: Type<unknown>) => ({
  type: 'object' as const,
  required: ['message', 'payload', 'success'],
  properties: {
    message: { type: 'string' as const, nullable: true, description: 'Texte en français, ou null' },
    payload: { $ref: getSchemaPath(model) },
    success: { type: 'boolean' as const, example: true },
  },
});

/** A success in the envelope: the payload's schema, the message it carries, named payload examples. */
interface EnvelopedSuccess<T> {
  description: string;
  schema: DescribedSchema<T>;
  message?: string | null;
  examples?: Record<string, { summary: string; value: T }>;
  bare?: never;
}

/** A JSON success outside the envelope (the Temporal codec protocol). */
interface BareSuccess<T> {
  description: string;
  schema: DescribedSchema<T>;
  bare: true;
}

/** Any other answer: a file, text, a page; `content` by media type. */
interface MediaSuccess {
  description: string;
  content?: ContentObject;
}

interface EndpointDocBase {
  tag: keyof typeof OPENAPI_TAGS;
  operationId: string;
  summary: string;
  description?: string;
  deprecated?: true;
  /** Requirements other than the document's default (X-Auth-Key and bearer); `none` is `{}`. */
  security?: readonly (SecuritySchemeName | 'none')[];
  params?: readonly ApiParamOptions[];
  query?: readonly ApiQueryOptions[];
  headers?: readonly ApiHeaderOptions[];
  body?: { schema: Type<unknown>; description?: string; examples?: Record<string, DocumentedExample> };
  /** The route's own error answers; the common ones are added by buildOpenApiDocument. */
  errors?: Record<number, { description: string; examples: readonly ErrorExampleName[] }>;
}

type Handler<R> = (...args: never[]) => R | Promise<R>;
/** Checked against the handler: its return type must be what the documented success describes. */
type EndpointDecorator<R> = <F extends Handler<R>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<F>,
) => void;

/**
 * A route's whole documentation, on its handler: section, operation, security, parameters, body with
 * its examples, success and its examples, the route's own errors. What every operation shares
 * (X-Request-Id, the common errors) is added once by buildOpenApiDocument.
 */
export function Endpoint<T>(
  doc: EndpointDocBase & { ok: EnvelopedSuccess<T> },
): EndpointDecorator<Envelope<T>>;
export function Endpoint<T>(doc: EndpointDocBase & { ok: BareSuccess<T> }): EndpointDecorator<T>;
export function Endpoint(doc: EndpointDocBase & { ok: MediaSuccess }): EndpointDecorator<unknown>;
export function Endpoint(
  doc: EndpointDocBase & { ok: EnvelopedSuccess<unknown> | BareSuccess<unknown> | MediaSuccess },
): EndpointDecorator<unknown> {
  const decorators: MethodDecorator[] = [
    ApiTags(OPENAPI_TAGS[doc.tag].name),
    ApiOperation({
      operationId: doc.operationId,
      summary: doc.summary,
      ...(doc.description === undefined ? {} : { description: doc.description }),
      ...(doc.deprecated ? { deprecated: true } : {}),
    }),
    ...(doc.security ?? []).map((name) => ApiSecurity(name === 'none' ? {} : name)),
    ...(doc.params ?? []).map((param) => ApiParam(param)),
    ...(doc.query ?? []).map((query) => ApiQuery(query)),
    ...(doc.headers ?? []).map((header) => ApiHeader(header)),
  ];
  if (doc.body) {
    const { schema, description, examples } = doc.body;
    decorators.push(
      ApiExtraModels(schema),
      ApiBody({ description, required: true, schema: { $ref: getSchemaPath(schema) }, examples }),
    );
  }
  decorators.push(...success(doc.ok));
  for (const [status, { description, examples }] of Object.entries(doc.errors ?? {})) {
    decorators.push(
      ApiResponse({
        status: Number(status),
        description,
        schema: { $ref: ERROR_ENVELOPE_REF },
        examples: Object.fromEntries(
          examples.map((name) => [
            name,
            { summary: ERROR_EXAMPLES[name].message, value: ERROR_EXAMPLES[name] },
          ]),
        ),
      }),
    );
  }
  return applyDecorators(...decorators);
}

function success(ok: EnvelopedSuccess<unknown> | BareSuccess<unknown> | MediaSuccess): MethodDecorator[] {
  if (!('schema' in ok)) {
    return [ApiResponse({ status: 200, description: ok.description, content: ok.content })];
  }
  const model = ok.schema;
  if ('bare' in ok) {
    return [
      ApiExtraModels(model),
      ApiResponse({ status: 200, description: ok.description, schema: { $ref: getSchemaPath(model) } }),
    ];
  }
  const message = ok.message ?? null;
  const examples = Object.entries(ok.examples ?? {}).map(([name, { summary, value }]) => [
    name,
    { summary, value: { message, payload: value, success: true } },
  ]);
  return [
    ApiExtraModels(model),
    ApiResponse({
      status: 200,
      description: ok.description,
      schema: envelopeOf(model),
      ...(examples.length > 0 ? { examples: Object.fromEntries(examples) } : {}),
    }),
  ];
}
