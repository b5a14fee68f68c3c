import Ajv, { type ValidateFunction } from 'ajv';
import {
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { type TestResponse } from '../support/http-test-client';
import { waitFor } from '../support/wait-for';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

interface DocumentedOperation {
  method: string;
  path: string;
  operation: OperationObject;
}

interface RequestExample {
  summary: string;
  value: unknown;
  'x-expected-status'?: number;
}

/** `/order/:orderid/refresh` as OpenAPI writes it: `/order/{orderid}/refresh`, no trailing slash. */
function toOpenApiPath(expressPath: string): string {
  const path = expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

describe('OpenAPI document', () => {
  let stack: LifecycleStack;
  let document: OpenAPIObject;
  let operations: DocumentedOperation[];
  let ajv: Ajv;

  beforeAll(async () => {
    stack = await startLifecycleStack();
    const res = await stack.http.get('/openapi.json');
    expect(res.status).toBe(200);
    document = res.json as OpenAPIObject;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((m) => item[m]).map((m) => ({ method: m, path, operation: item[m]! })),
    );
    // OpenAPI 3.0 schemas: `nullable`, `example` and formats such as `binary` are annotations here.
    ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(document as object, 'openapi');
  });
  afterAll(() => stack.close());

  it('is served publicly as JSON, with the interactive page and its assets at /docs', async () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toContain('pré-état daté');
    const page = await stack.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const scripts = [...page.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    const styles = [...page.text.matchAll(/href="([^"]+\.css)"/g)].map((m) => m[1]!);
    expect(scripts).toContain('/docs/swagger-initializer.js');
    for (const asset of [...scripts, ...styles]) {
      const res = await stack.http.get(asset);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect(res.text.length).toBeGreaterThan(10);
    }
    // No inline script: the documentation page's CSP allows scripts from the service only.
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    expect((await stack.http.get('/docs/..%2Fpackage.json')).status).toBe(404);
  });

  it('documents every route of the API the router serves, and only those', () => {
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    // The operator console's pages are the provider's staff's, not the API clients integrate with: the
    // document says where they are and leaves them out.
    const served = new Set(
      stack.api.routes
        .list()
        .filter((route) => !route.path.startsWith('/console'))
        .flatMap((route) => route.methods.map((m) => `${m} ${toOpenApiPath(route.path)}`)),
    );
    expect(stack.api.routes.list().some((route) => route.path.startsWith('/console/'))).toBe(true);
    expect([...documented].filter((route) => route.includes('/console'))).toEqual([]);
    expect(served.size).toBeGreaterThan(15);
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
  });

  it('describes every operation in French, with its security, X-Request-Id and error envelope', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, summary: operation.summary ?? '' }).toEqual({ where, summary: expect.any(String) });
      expect(operation.summary!.length).toBeGreaterThan(5);
      expect({ where, tags: operation.tags?.length ?? 0 }).toEqual({ where, tags: 1 });
      const headers = (operation.parameters ?? []) as ParameterObject[];
      expect(headers.some((p) => p.in === 'header' && p.name === 'X-Request-Id')).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect((response as ResponseObject).headers?.['X-Request-Id']).toBeDefined();
        if (Number(status) >= 400 && (response as ResponseObject).content?.['application/json']) {
          expect({
            where,
            status,
            schema: (response as ResponseObject).content!['application/json']!.schema,
          }).toEqual({ where, status, schema: { $ref: '#/components/schemas/ErrorEnvelope' } });
        }
      }
      expect(operation.responses['500']).toBeDefined();
    }
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const auth = operations.find((o) => o.path === '/account/auth')!.operation;
    expect(auth.security).toEqual([{ apiKey: [] }]);
    const create = operations.find((o) => o.path === '/order' && o.method === 'post')!.operation;
    expect(create.security).toBeUndefined();
    expect(document.security).toEqual([{ apiKey: [], bearer: [] }]);
    expect((create.parameters as ParameterObject[]).map((p) => p.name)).toContain('Idempotency-Key');
    expect(operations.find((o) => o.path === '/health')!.operation.security).toEqual([]);
    expect(operations.find((o) => o.path === '/order/needrefresh')!.operation.deprecated).toBe(true);
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Auth-Key' });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every error answer as JSON, whatever the media type of the success', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const where = `${method.toUpperCase()} ${path} ${status}`;
        const media = Object.keys((response as ResponseObject).content ?? {});
        expect({ where, media }).toEqual({ where, media: ['application/json'] });
      }
    }
  });

  it('has response examples that match their own schemas', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = (response as ResponseObject).content?.['application/json'];
        if (!json?.schema) continue;
        const validate = compile(json.schema);
        for (const [name, example] of Object.entries(json.examples ?? {})) {
          const value = (example as { value: unknown }).value;
          expect({ where: `${method} ${path} ${status} ${name}`, errors: errorsOf(validate, value) }).toEqual(
            {
              where: `${method} ${path} ${status} ${name}`,
              errors: [],
            },
          );
        }
      }
    }
  });

  it('accepts every documented request example, refuses those documented as refused, as documented', async () => {
    const account = stack.account;
    const order = await createTestOrder();
    // The codec routes speak Temporal's protocol to operators' tools; they have no examples to send.
    const withBodies = operations.filter(
      (o) => o.operation.requestBody && 'content' in o.operation.requestBody && !o.path.startsWith('/codec/'),
    );
    expect(withBodies.length).toBeGreaterThanOrEqual(7);
    let sent = 0;
    for (const { method, path, operation } of withBodies) {
      const content = (operation.requestBody as { content: Record<string, { examples?: object }> }).content;
      const examples = Object.entries(content['application/json']?.examples ?? {}) as [
        string,
        RequestExample,
      ][];
      expect({ path, hasExamples: examples.length > 0 }).toEqual({ path, hasExamples: true });
      for (const [name, example] of examples) {
        const body = substitute(example.value, {
          email: account.email,
          password: account.password,
          orderid: order,
        });
        const headers = path === '/account/auth' ? { 'X-Auth-Key': account.apiKey } : account.headers;
        const url = path.replace('{orderid}', order);
        const res = await stack.http.request(method.toUpperCase(), url, JSON.stringify(body), {
          'Content-Type': 'application/json',
          ...headers,
        });
        const expected = example['x-expected-status'] ?? 200;
        const where = `${method.toUpperCase()} ${path} example "${name}"`;
        expect({ where, status: res.status, body: res.status === expected ? '' : res.text }).toEqual({
          where,
          status: expected,
          body: '',
        });
        expectDocumentedAnswer(operation, res, where);
        sent += 1;
        // A refresh restarts collection: let the order settle before the next example reuses it.
        if (url.endsWith('/refresh') || url.endsWith('/needrefresh')) await waitUntilDone(order);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(14);
  });

  it('documents the answers of the read routes as they really are', async () => {
    const order = await createTestOrder();
    await waitUntilDone(order);
    const reads: [string, string][] = [
      ['/order', '/order'],
      ['/order/{orderid}', `/order/${order}`],
      ['/order/{orderid}/notifications', `/order/${order}/notifications`],
      ['/health', '/health'],
    ];
    for (const [documented, url] of reads) {
      const res = await stack.http.get(url, stack.account.headers);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expectDocumentedAnswer(
        operations.find((o) => o.path === documented && o.method === 'get')!.operation,
        res,
        url,
      );
    }
    const unknown = await stack.http.get('/order/ZZZZZZ', stack.account.headers);
    expectDocumentedAnswer(operations.find((o) => o.path === '/order/{orderid}')!.operation, unknown, '404');
  });

  async function createTestOrder(): Promise<string> {
    const res = await stack.http.post(
      '/order/',
      { ...(exampleOf('/order', 'extranet') as object), email: stack.account.email },
      stack.account.headers,
    );
    expect(res.status).toBe(200);
    return (res.json as { payload: { orderid: string } }).payload.orderid;
  }

  function exampleOf(path: string, name: string): unknown {
    const operation = document.paths[path]!.post!;
    const content = (
      operation.requestBody as { content: Record<string, { examples: Record<string, RequestExample> }> }
    ).content;
    return content['application/json']!.examples[name]!.value;
  }

  async function waitUntilDone(orderid: string): Promise<void> {
    await waitFor(
      async () => {
        const res = await stack.http.get(`/order/${orderid}`, stack.account.headers);
        return (res.json as { payload?: { state?: string } }).payload?.state === 'done';
      },
      { what: `order ${orderid} done` },
    );
  }

  /** The answer validates against the schema documented for its status. */
  function expectDocumentedAnswer(operation: OperationObject, res: TestResponse, where: string): void {
    const response = operation.responses[String(res.status)] as ResponseObject | undefined;
    expect({ where, documented: response !== undefined }).toEqual({ where, documented: true });
    const schema = response!.content?.['application/json']?.schema;
    if (!schema) return;
    expect({ where, errors: errorsOf(compile(schema), res.json) }).toEqual({ where, errors: [] });
  }

  function compile(schema: object): ValidateFunction {
    return ajv.compile(pointIntoDocument(schema) as object);
  }
});

/** `#/components/…` references of a schema taken out of the document, pointed back into it. */
function pointIntoDocument(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(pointIntoDocument);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `openapi${value}`
        : pointIntoDocument(value),
    ]),
  );
}

function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The example with the test account's identity and order in place of the documented ones. */
function substitute(value: unknown, actual: { email: string; password: string; orderid: string }): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, actual));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'email' || key === 'account') copy[key] = actual.email;
    else if (key === 'password' && 'email' in value) copy[key] = actual.password;
    else if (key === 'orderid') copy[key] = actual.orderid;
    else copy[key] = substitute(v, actual);
  }
  return copy;
}
