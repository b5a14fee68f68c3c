import {
  TOTP_ISSUER,
  acceptTotpCode,
  generateTotpSecret,
  matchTotpCode,
  totpCodeAt,
  totpStepAt,
  totpUri,
} from './totp';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890", in base32 here.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  const at = new Date('2026-03-02T10:00:10Z');
  const secret = generateTotpSecret();

  it('makes 160-bit base32 secrets, a new one each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('computes the codes of RFC 6238 (SHA-1, 6 digits, 30 s)', () => {
    // The RFC's 8-digit values, of which authenticator apps show the last 6.
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(20_000_000_000_000))).toBe('353130');
  });

  it('gives the otpauth URI authenticator apps read', () => {
    const uri = new URL(totpUri(secret, 'jeanne@prestataire.fr'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP_ISSUER}:jeanne@prestataire.fr`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Pré-état daté',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('matches a code of the current step and returns that step', () => {
    const step = totpStepAt(at);
    expect(step).toBe(Math.floor(at.getTime() / 30_000));
    expect(matchTotpCode(secret, totpCodeAt(secret, at), at)).toBe(step);
  });

  it('accepts one step either side, for clocks a little off, and no further', () => {
    const step = totpStepAt(at);
    const codeOf = (offsetSteps: number) => totpCodeAt(secret, new Date(at.getTime() + offsetSteps * 30_000));
    expect(matchTotpCode(secret, codeOf(-1), at)).toBe(step - 1);
    expect(matchTotpCode(secret, codeOf(1), at)).toBe(step + 1);
    expect(matchTotpCode(secret, codeOf(-2), at)).toBeNull();
    expect(matchTotpCode(secret, codeOf(2), at)).toBeNull();
  });

  it('accepts the code typed with spaces, as apps display it', () => {
    const code = totpCodeAt(secret, at);
    expect(matchTotpCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(totpStepAt(at));
    expect(matchTotpCode(secret, ` ${code} `, at)).toBe(totpStepAt(at));
  });

  it('refuses what is not a six-digit code of this secret', () => {
    const code = totpCodeAt(secret, at);
    for (const wrong of ['', '12345', '1234567', `${code}0`, 'abcdef', '12345-', '１２３４５６']) {
      expect(matchTotpCode(secret, wrong, at)).toBeNull();
    }
    expect(matchTotpCode(generateTotpSecret(), code, at)).toBeNull();
  });

  describe('acceptTotpCode (replay)', () => {
    const step = totpStepAt(at);
    const code = totpCodeAt(secret, at);

    it('accepts a right code when no code was used yet, or only older ones', () => {
      expect(acceptTotpCode(secret, code, at, null)).toBe(step);
      expect(acceptTotpCode(secret, code, at, step - 1)).toBe(step);
    });

    it('refuses a code of the step already used: a code is usable once', () => {
      expect(acceptTotpCode(secret, code, at, step)).toBeNull();
      // Still refused a few seconds later, within the same step or the next (the window).
      expect(acceptTotpCode(secret, code, new Date(at.getTime() + 25_000), step)).toBeNull();
    });

    it('refuses a code older than the one used, though within the window', () => {
      const previous = totpCodeAt(secret, new Date(at.getTime() - 30_000));
      expect(acceptTotpCode(secret, previous, at, null)).toBe(step - 1);
      expect(acceptTotpCode(secret, previous, at, step)).toBeNull();
    });

    it('refuses a wrong code whatever was used before', () => {
      expect(acceptTotpCode(secret, '000000' === code ? '111111' : '000000', at, null)).toBeNull();
    });
  });
});
