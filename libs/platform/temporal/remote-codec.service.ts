import { type Payload, type PayloadCodec } from '@temporalio/common';
import { DomainError } from '@libs/platform/domain-error';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';

/** A payload in the protobuf JSON form of the remote codec protocol: bytes as base64. */
export class JsonPayload {
  metadata!: Record<string, string>;
  data!: string;
}

/**
 * The protocol's body, in and out. A class so that the API documents this very shape (describeSchema); the
 * code builds plain objects of it.
 */
export class JsonPayloads {
  payloads!: JsonPayload[];
}

const MAX_PAYLOADS = 1000;
const MAX_METADATA_ENTRIES = 32;
// Standard or url-safe base64, padded or not (protobuf JSON parsers accept both).
const BASE64 = /^(?:[A-Za-z0-9+/]*={0,2}|[A-Za-z0-9_-]*={0,2})$/;

/**
 * Temporal's remote codec protocol (`POST …/encode`, `POST …/decode`, body `{"payloads": [...]}`),
 * as called by the Temporal Web UI and `temporal … --codec-endpoint`: the service's own payload codec
 * applied to payloads sent over HTTP. Malformed bodies and payloads that cannot be opened are 400s.
 */
export class RemoteCodecService {
  constructor(private readonly codec: PayloadCodec) {}

  async encode(body: unknown): Promise<JsonPayloads> {
    return { payloads: (await this.codec.encode(parsePayloads(body))).map(toJson) };
  }

  async decode(body: unknown): Promise<JsonPayloads> {
    const payloads = parsePayloads(body);
    const decoded: Payload[] = [];
    // One at a time, so the error names the payload that cannot be opened.
    for (const [index, payload] of payloads.entries()) {
      try {
        decoded.push(...(await this.codec.decode([payload])));
      } catch (error) {
        throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.codecUndecodable(index), error);
      }
    }
    return { payloads: decoded.map(toJson) };
  }
}

function parsePayloads(body: unknown): Payload[] {
  const invalid = () => new DomainError('validation_failed', {}, VALIDATION_MESSAGES.codecBody());
  if (!isPlainObject(body)) throw invalid();
  const payloads = Object.hasOwn(body, 'payloads') ? body.payloads : undefined;
  if (!Array.isArray(payloads) || payloads.length > MAX_PAYLOADS) throw invalid();
  return payloads.map((item: unknown) => {
    if (!isPlainObject(item)) throw invalid();
    const metadata = Object.hasOwn(item, 'metadata') ? item.metadata : undefined;
    const data = Object.hasOwn(item, 'data') ? item.data : undefined;
    if (metadata !== undefined && metadata !== null && !isPlainObject(metadata)) throw invalid();
    if (data !== undefined && data !== null && !isBase64(data)) throw invalid();
    const entries = Object.entries(metadata ?? {});
    if (entries.length > MAX_METADATA_ENTRIES || entries.some(([, value]) => !isBase64(value)))
      throw invalid();
    return {
      metadata: Object.fromEntries(entries.map(([key, value]) => [key, fromBase64(value as string)])),
      data: typeof data === 'string' ? fromBase64(data) : new Uint8Array(),
    };
  });
}

function toJson(payload: Payload): JsonPayload {
  return {
    metadata: Object.fromEntries(
      Object.entries(payload.metadata ?? {}).map(([key, value]) => [
        key,
        Buffer.from(value).toString('base64'),
      ]),
    ),
    data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64'),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBase64(value: unknown): value is string {
  return typeof value === 'string' && BASE64.test(value);
}

function fromBase64(value: string): Uint8Array {
  return Buffer.from(value, /[-_]/.test(value) ? 'base64url' : 'base64');
}
