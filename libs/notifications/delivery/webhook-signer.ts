import { createHmac } from 'node:crypto';
import { webhookSecretKey } from '@libs/security/webhook-secret';

export interface WebhookMessage {
  /** The notification id: stable across retries so receivers can deduplicate. */
  id: string;
  /** Unix time in seconds of this attempt. */
  timestamp: number;
  /** The exact body sent: the signature covers these characters, not a re-serialisation. */
  body: string;
  /**
   * `whsec_` secrets to sign with, current first. Several during a rotation's grace period: the
   * receiver accepts the message if any signature matches the secret it knows.
   */
  secrets: readonly string[];
}

export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Standard Webhooks signature headers: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per
 * secret, space-separated.
 */
export function signWebhook(message: WebhookMessage): WebhookSignatureHeaders {
  if (message.secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  if (!Number.isSafeInteger(message.timestamp) || message.timestamp < 0) {
    throw new Error(`webhook timestamp must be whole seconds, got ${message.timestamp}`);
  }
  // The id and timestamp are joined with '.': an id holding one would make the signed text ambiguous.
  if (message.id === '' || /[.\s]/.test(message.id))
    throw new Error('webhook id must be non-empty, without dots or spaces');
  const signedContent = `${message.id}.${message.timestamp}.${message.body}`;
  const signatures = message.secrets.map(
    (secret) =>
      `v1,${createHmac('sha256', webhookSecretKey(secret)).update(signedContent, 'utf8').digest('base64')}`,
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
