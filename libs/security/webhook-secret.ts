import { randomBytes } from 'node:crypto';
import { MalformedWebhookSecretError } from './security.errors';

/**
 * Webhook signing secrets in the Standard Webhooks format: `whsec_` followed by standard (padded)
 * base64 of the key bytes. The public `standardwebhooks` libraries strip the prefix and base64-decode
 * the rest, so a receiver pastes this string unchanged.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

// The specification asks for keys of 24 to 64 bytes; we issue 32, the size of an HMAC-SHA256 output.
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The raw HMAC key of a `whsec_` secret, for the signer. Throws on anything not in that format. */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw new MalformedWebhookSecretError(`missing '${WEBHOOK_SECRET_PREFIX}' prefix`);
  }
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!STANDARD_BASE64.test(encoded)) throw new MalformedWebhookSecretError('not base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
    throw new MalformedWebhookSecretError(
      `key is ${key.length} bytes, expected ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES}`,
    );
  }
  return key;
}
