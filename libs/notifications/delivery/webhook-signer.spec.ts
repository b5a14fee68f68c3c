import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret } from '@libs/security/webhook-secret';
import { signWebhook } from './webhook-signer';

const now = () => Math.floor(Date.now() / 1000);

describe('signWebhook (Standard Webhooks)', () => {
  it('matches the reference test vector of the specification', () => {
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('is verified unchanged by the public standardwebhooks library, non-ASCII bodies included', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ status: 'done', orderid: 'AB12CD', external_id: 'Dossier n°42 – Étude' });
    const headers = signWebhook({
      id: '0b7e3f52-2f4c-4f0e-9a55-7f0f3f6f5a11',
      timestamp: now(),
      body,
      secrets: [secret],
    });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('fails verification when one byte of the body changes', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({
      id: 'n-1',
      timestamp: now(),
      body: '{"status":"done"}',
      secrets: [secret],
    });
    expect(() => new Webhook(secret).verify('{"status":"dona"}', { ...headers })).toThrow(
      'No matching signature',
    );
  });

  it('carries one v1 signature per secret during a rotation, each valid for its own secret', () => {
    const current = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const body = '{"status":"received"}';
    const headers = signWebhook({ id: 'n-2', timestamp: now(), body, secrets: [current, previous] });
    const entries = headers['webhook-signature'].split(' ');
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => /^v1,[A-Za-z0-9+/]{43}=$/.test(entry))).toBe(true);
    for (const [secret, entry] of [
      [current, entries[0]!],
      [previous, entries[1]!],
    ] as const) {
      expect(() =>
        new Webhook(secret).verify(body, { ...headers, 'webhook-signature': entry }),
      ).not.toThrow();
    }
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('refuses to sign without a secret, with a malformed secret, a fractional timestamp or a dotted id', () => {
    const secret = generateWebhookSecret();
    expect(() => signWebhook({ id: 'n', timestamp: now(), body: '', secrets: [] })).toThrow();
    expect(() => signWebhook({ id: 'n', timestamp: now(), body: '', secrets: ['not-a-secret'] })).toThrow();
    expect(() => signWebhook({ id: 'n', timestamp: 1.5, body: '', secrets: [secret] })).toThrow();
    expect(() => signWebhook({ id: 'a.b', timestamp: now(), body: '', secrets: [secret] })).toThrow();
  });
});
