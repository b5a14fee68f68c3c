import { Secret, TOTP } from 'otpauth';

/** The name authenticator apps show above the operator's email. */
export const TOTP_ISSUER = 'Pré-état daté';

// What every authenticator app implements (RFC 6238 defaults); apps ignore other values silently.
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one: a phone clock 30 s off, or a code typed as it changed. */
const WINDOW = 1;
/** 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** A new random TOTP secret, in base32 as authenticator apps take it. */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads (from a QR code), labelled with the email. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step `at` falls in: the counter the codes are made from. */
export function totpStepAt(at: Date): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: at.getTime() });
}

/**
 * The time step whose code `code` is, among the steps around `at`, or null when it is none of them.
 * Spaces are ignored ("123 456"). The caller refuses a step not after the last one accepted, so that
 * each code is usable once.
 */
export function matchTotpCode(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(token) || token.length !== DIGITS) return null;
  const delta = totp(secret).validate({ token, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : totpStepAt(at) + delta;
}

/**
 * The step of `code` when it matches (as `matchTotpCode`) and is later than `lastUsedStep`, the step of
 * the last code accepted; else null. A code is thus usable once, and a code older than one already
 * used is refused too.
 */
export function acceptTotpCode(
  secret: string,
  code: string,
  at: Date,
  lastUsedStep: number | null,
): number | null {
  const step = matchTotpCode(secret, code, at);
  return step !== null && (lastUsedStep === null || step > lastUsedStep) ? step : null;
}

/** The code of the step `at` falls in, as the operator's app shows it (tests, and nothing else). */
export function totpCodeAt(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}
