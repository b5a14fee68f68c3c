import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { AccessTokenService, type AccessTokenServiceOptions } from './access-token.service';
import {
  InvalidAccessTokenError,
  type InvalidAccessTokenReason,
  SecurityConfigurationError,
} from './security.errors';

const OLD_SECRET = 'old-secret-0123456789-0123456789-0123456789';
const NEW_SECRET = 'new-secret-0123456789-0123456789-0123456789';
const T0 = Date.UTC(2025, 2, 25, 17, 32, 39);
const SUBJECT = { accountId: 'acc-1', apiKeyId: '0123456789ab' };

function service(overrides: Partial<AccessTokenServiceOptions> = {}, now = T0): AccessTokenService {
  return new AccessTokenService({
    keys: [{ id: 'k1', secret: OLD_SECRET }],
    activeKeyId: 'k1',
    issuer: 'pre-statement-service',
    audience: 'pre-statement-api',
    clock: () => now,
    ...overrides,
  });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Builds a token by hand, so tests control every byte an attacker could. */
function craft(
  header: unknown,
  payload: unknown,
  secret: string | null = OLD_SECRET,
  hash = 'sha256',
): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = secret === null ? '' : createHmac(hash, secret).update(input).digest('base64url');
  return `${input}.${signature}`;
}

const iat = Math.floor(T0 / 1000);
const validClaims = {
  iss: 'pre-statement-service',
  aud: 'pre-statement-api',
  sub: 'acc-1',
  key: '0123456789ab',
  iat,
  exp: iat + 3600,
  jti: 'jti-1',
};
const validHeader = { alg: 'HS256', typ: 'JWT', kid: 'k1' };

function decodeSegment(token: string, index: number): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] as string, 'base64url').toString('utf8'));
}

function reasonOf(action: () => unknown): InvalidAccessTokenReason | 'no error' {
  try {
    action();
    return 'no error';
  } catch (error) {
    if (error instanceof InvalidAccessTokenError) return error.reason;
    throw error;
  }
}

describe('AccessTokenService', () => {
  describe('issue', () => {
    it('signs an HS256 token naming the active key, with the documented claims', () => {
      const { token, expiresIn } = service().issue(SUBJECT);

      expect(expiresIn).toBe(3600);
      expect(decodeSegment(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'k1' });
      expect(decodeSegment(token, 1)).toEqual({
        iss: 'pre-statement-service',
        aud: 'pre-statement-api',
        sub: 'acc-1',
        key: '0123456789ab',
        iat,
        exp: iat + 3600,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    });

    it('uses the configured lifetime', () => {
      const { token, expiresIn } = service({ lifetimeSeconds: 600 }).issue(SUBJECT);
      expect(expiresIn).toBe(600);
      expect(decodeSegment(token, 1).exp).toBe(iat + 600);
    });

    it('gives every token its own jti', () => {
      const tokens = service();
      expect(decodeSegment(tokens.issue(SUBJECT).token, 1).jti).not.toBe(
        decodeSegment(tokens.issue(SUBJECT).token, 1).jti,
      );
    });
  });

  describe('verify', () => {
    it('returns the account, the API key and the expiry of a token it issued', () => {
      const tokens = service();
      expect(tokens.verify(tokens.issue(SUBJECT).token)).toEqual({
        accountId: 'acc-1',
        apiKeyId: '0123456789ab',
        expiresAt: new Date((iat + 3600) * 1000),
      });
    });

    it('accepts a well-formed token crafted with the right key', () => {
      expect(service().verify(craft(validHeader, validClaims)).accountId).toBe('acc-1');
    });

    it('refuses a token whose payload was changed after signing', () => {
      const [header, , signature] = service().issue(SUBJECT).token.split('.');
      const forged = `${header}.${b64({ ...validClaims, sub: 'acc-2' })}.${signature}`;
      expect(reasonOf(() => service().verify(forged))).toBe('bad_signature');
    });

    it('refuses a token with an altered signature', () => {
      const token = service().issue(SUBJECT).token;
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
      expect(reasonOf(() => service().verify(tampered))).toBe('bad_signature');
    });

    it('refuses a token signed with another secret under the same kid', () => {
      expect(reasonOf(() => service().verify(craft(validHeader, validClaims, NEW_SECRET)))).toBe(
        'bad_signature',
      );
    });

    it.each([
      ['alg none, empty signature', { alg: 'none', typ: 'JWT', kid: 'k1' }, null],
      ['alg none, no kid', { alg: 'none' }, null],
      ['alg none with a valid HS256 signature', { alg: 'none', kid: 'k1' }, OLD_SECRET],
      ['lower-case hs256', { alg: 'hs256', kid: 'k1' }, OLD_SECRET],
      ['no alg', { kid: 'k1' }, OLD_SECRET],
    ])('refuses %s', (_name, header, secret) => {
      expect(reasonOf(() => service().verify(craft(header, validClaims, secret)))).toBe('bad_signature');
    });

    it('refuses HS512 even when signed with the right secret (algorithm pinned)', () => {
      const token = craft({ alg: 'HS512', kid: 'k1' }, validClaims, OLD_SECRET, 'sha512');
      expect(reasonOf(() => service().verify(token))).toBe('bad_signature');
    });

    it('refuses a token with critical header extensions it does not understand', () => {
      expect(reasonOf(() => service().verify(craft({ ...validHeader, crit: ['exp'] }, validClaims)))).toBe(
        'malformed',
      );
    });

    it.each([
      ['issuer', { iss: 'someone-else' }],
      ['audience', { aud: 'another-api' }],
      ['audience given as a list', { aud: ['pre-statement-api'] }],
    ])('refuses a wrong %s', (_name, change) => {
      expect(reasonOf(() => service().verify(craft(validHeader, { ...validClaims, ...change })))).toBe(
        'bad_claims',
      );
    });

    it.each(['iss', 'aud', 'sub', 'key', 'iat', 'exp', 'jti'])('refuses a token without %s', (claim) => {
      const claims: Record<string, unknown> = { ...validClaims };
      delete claims[claim];
      expect(reasonOf(() => service().verify(craft(validHeader, claims)))).toBe('bad_claims');
    });

    it.each([
      ['an empty subject', { sub: '' }],
      ['a numeric subject', { sub: 42 }],
      ['a fractional expiry', { exp: iat + 0.5 }],
      ['an expiry given as text', { exp: String(iat + 3600) }],
      ['an expiry before issue', { exp: iat - 1 }],
      ['an issue date far in the future', { iat: iat + 3600, exp: iat + 7200 }],
    ])('refuses %s', (_name, change) => {
      expect(reasonOf(() => service().verify(craft(validHeader, { ...validClaims, ...change })))).toBe(
        'bad_claims',
      );
    });

    it('does not take a missing claim from a polluted Object.prototype', () => {
      const { sub: _sub, ...withoutSubject } = validClaims;
      const prototype = Object.prototype as Record<string, unknown>;
      prototype.sub = 'acc-1';
      try {
        expect(reasonOf(() => service().verify(craft(validHeader, withoutSubject)))).toBe('bad_claims');
      } finally {
        delete prototype.sub;
      }
    });

    it('accepts a token until its last second and refuses it from its expiry on', () => {
      const { token } = service().issue(SUBJECT);
      expect(service({}, T0 + 3599_999).verify(token).accountId).toBe('acc-1');
      expect(reasonOf(() => service({}, T0 + 3600_000).verify(token))).toBe('expired');
      expect(reasonOf(() => service({}, T0 + 86_400_000).verify(token))).toBe('expired');
    });

    it('tolerates a slightly fast clock on the issuing instance', () => {
      const { token } = service({}, T0 + 30_000).issue(SUBJECT);
      expect(service({}, T0).verify(token).accountId).toBe('acc-1');
    });

    it.each([
      ['an unknown kid', { ...validHeader, kid: 'k9' }],
      ['no kid', { alg: 'HS256', typ: 'JWT' }],
      ['a numeric kid', { ...validHeader, kid: 1 }],
      ['a kid naming an Object.prototype member', { ...validHeader, kid: 'constructor' }],
    ])('refuses %s', (_name, header) => {
      expect(reasonOf(() => service().verify(craft(header, validClaims)))).toBe('unknown_key');
    });

    it.each([
      ['an empty string', ''],
      ['two segments', 'a.b'],
      ['four segments', `${craft(validHeader, validClaims)}.x`],
      ['a header that is not JSON', `${Buffer.from('{').toString('base64url')}.e30.sig`],
      ['a header that is a JSON array', `${b64([validHeader])}.e30.sig`],
      ['a header with non-base64url characters', `${b64(validHeader)}+.e30.sig`],
      ['a very long token', `${b64(validHeader)}.${'A'.repeat(5000)}.sig`],
      ['a non-string', 42 as unknown as string],
      ['null', null as unknown as string],
    ])('reports %s as malformed', (_name, token) => {
      expect(reasonOf(() => service().verify(token))).toBe('malformed');
    });

    it('reports a correctly signed payload that is not a JSON object as malformed', () => {
      expect(reasonOf(() => service().verify(craft(validHeader, 'just a string')))).toBe('malformed');
    });
  });

  describe('key rotation', () => {
    const rotated = (now = T0) =>
      service(
        {
          keys: [
            { id: 'k2', secret: NEW_SECRET },
            { id: 'k1', secret: OLD_SECRET },
          ],
          activeKeyId: 'k2',
        },
        now,
      );

    it('signs new tokens with the active key', () => {
      expect(decodeSegment(rotated().issue(SUBJECT).token, 0).kid).toBe('k2');
    });

    it('still accepts tokens signed with an older key while it is listed', () => {
      const oldToken = service().issue(SUBJECT).token;
      expect(rotated().verify(oldToken).accountId).toBe('acc-1');
    });

    it('refuses tokens of a key once it is removed', () => {
      const oldToken = service().issue(SUBJECT).token;
      const newOnly = service({ keys: [{ id: 'k2', secret: NEW_SECRET }], activeKeyId: 'k2' });
      expect(reasonOf(() => newOnly.verify(oldToken))).toBe('unknown_key');
    });

    it('refuses a token whose kid was switched to another listed key', () => {
      const [, payload, signature] = service().issue(SUBJECT).token.split('.');
      const switched = `${b64({ ...validHeader, kid: 'k2' })}.${payload}.${signature}`;
      expect(reasonOf(() => rotated().verify(switched))).toBe('bad_signature');
    });
  });

  describe('configuration', () => {
    it.each([
      ['a secret shorter than 32 bytes', { keys: [{ id: 'k1', secret: 'short' }] }],
      ['an active key that is not listed', { activeKeyId: 'k2' }],
      [
        'duplicate key ids',
        {
          keys: [
            { id: 'k1', secret: OLD_SECRET },
            { id: 'k1', secret: NEW_SECRET },
          ],
        },
      ],
      ['an empty key id', { keys: [{ id: '', secret: OLD_SECRET }], activeKeyId: '' }],
      ['a zero lifetime', { lifetimeSeconds: 0 }],
      ['a fractional lifetime', { lifetimeSeconds: 1.5 }],
      ['an empty audience', { audience: '' }],
    ])('refuses %s', (_name, overrides) => {
      expect(() => service(overrides)).toThrow(SecurityConfigurationError);
    });
  });

  describe('never throws anything but InvalidAccessTokenError', () => {
    const tokens = service();
    const valid = tokens.issue(SUBJECT).token;

    function verifiesOrRefuses(token: string): void {
      try {
        tokens.verify(token);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidAccessTokenError);
      }
    }

    it('for arbitrary strings', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), verifiesOrRefuses), {
        numRuns: 2000,
      });
    });

    it('for arbitrary three-segment strings', () => {
      const segment = fc.string({ unit: fc.constantFrom(...'AZaz09-_=+/. é'.split('')), maxLength: 60 });
      fc.assert(
        fc.property(segment, segment, segment, (a, b, c) => verifiesOrRefuses(`${a}.${b}.${c}`)),
        { numRuns: 2000 },
      );
    });

    it('for arbitrary JSON headers and payloads, signed or not', () => {
      fc.assert(
        fc.property(fc.jsonValue(), fc.jsonValue(), fc.boolean(), (header, payload, signed) =>
          verifiesOrRefuses(craft(header, payload, signed ? OLD_SECRET : null)),
        ),
        { numRuns: 1000 },
      );
    });

    it('for arbitrary claims signed with the right key', () => {
      const claimValue = fc.oneof(
        fc.jsonValue(),
        fc.constantFrom(iat, iat + 3600, 'acc-1', 'pre-statement-api'),
      );
      const claims = fc.record(
        Object.fromEntries(
          ['iss', 'aud', 'sub', 'key', 'iat', 'exp', 'jti'].map((name) => [name, claimValue]),
        ),
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(claims, (payload) => verifiesOrRefuses(craft(validHeader, payload))),
        {
          numRuns: 1000,
        },
      );
    });

    it('for single-character mutations of a valid token, which are all refused', () => {
      const alphabet = fc.constantFrom(
        ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'.split(''),
      );
      fc.assert(
        fc.property(fc.nat({ max: valid.length - 1 }), alphabet, (index, character) => {
          const mutated = `${valid.slice(0, index)}${character}${valid.slice(index + 1)}`;
          fc.pre(mutated !== valid);
          expect(reasonOf(() => tokens.verify(mutated))).not.toBe('no error');
        }),
        { numRuns: 2000 },
      );
    });
  });
});
