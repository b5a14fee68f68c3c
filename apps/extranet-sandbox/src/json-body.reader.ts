import { type IncomingMessage } from 'node:http';
import { SandboxHttpError } from './sandbox-http.error';

export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
// Past this, a client is not sending JSON by mistake: stop reading and close the connection.
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The parsed JSON body, undefined when empty. Rejects with a SandboxHttpError, never a raw error. */
export function readJsonBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: SandboxHttpError) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    const tooLarge = () =>
      new SandboxHttpError(413, 'payload_too_large', `Request body exceeds ${JSON_BODY_LIMIT_BYTES} bytes`, {
        connection: 'close',
      });

    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= JSON_BODY_LIMIT_BYTES) chunks.push(chunk);
      else if (received > DRAIN_LIMIT_BYTES) {
        request.pause();
        fail(tooLarge());
      }
    });
    request.on('error', () =>
      fail(new SandboxHttpError(400, 'bad_request', 'Request body could not be read')),
    );
    request.on('end', () => {
      if (settled) return;
      if (received > JSON_BODY_LIMIT_BYTES) return fail(tooLarge());
      settled = true;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (error) {
        reject(
          new SandboxHttpError(
            400,
            'invalid_json',
            `Request body is not valid JSON: ${(error as Error).message}`,
          ),
        );
      }
    });
  });
}
