import fc from 'fast-check';
import { generateWebhookSecret, webhookSecretKey } from './webhook-secret';
import { MalformedWebhookSecretError } from './security.errors';

describe('webhook secrets', () => {
  it('are whsec_ followed by padded standard base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('decode to the raw HMAC key, as the standardwebhooks libraries do', () => {
    const secret = generateWebhookSecret();
    expect(webhookSecretKey(secret).toString('base64')).toBe(secret.slice('whsec_'.length));
  });

  it.each([
    ['no prefix', Buffer.alloc(32, 1).toString('base64')],
    ['url-safe base64', `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`],
    ['a key that is too short', `whsec_${Buffer.alloc(16).toString('base64')}`],
    ['a key that is too long', `whsec_${Buffer.alloc(65).toString('base64')}`],
    ['an empty key', 'whsec_'],
  ])('refuses %s', (_name, secret) => {
    expect(() => webhookSecretKey(secret)).toThrow(MalformedWebhookSecretError);
  });

  it('throw nothing but MalformedWebhookSecretError for arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        for (const secret of [text, `whsec_${text}`]) {
          try {
            webhookSecretKey(secret);
          } catch (error) {
            expect(error).toBeInstanceOf(MalformedWebhookSecretError);
          }
        }
      }),
    );
  });
});
