/**
 * What must never reach a log line, whatever logs it: credentials, tokens, keys, secrets and document
 * contents. Applied to every argument of every log call (see `createAppLogger`), at any depth, so a
 * careless `logger.info({ body })` or an error message quoting a header still writes nothing secret.
 */
export const REDACTED = '[REDACTED]';

// Keys compared lower-cased with '-', '_' and spaces removed: `X-Auth-Key`, `x_auth_key`, `xAuthKey`.
const SENSITIVE_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'xauthkey',
  'apikey',
  'content',
  'syndic',
  'signature',
  'webhooksignature',
]);
const SENSITIVE_KEY_PARTS = ['password', 'passwd', 'secret', 'token', 'credential', 'privatekey'];

// JWTs (ours and anyone else's) are found by `redactJwts`; these patterns cut the rest.
const SENSITIVE_TEXT: readonly [RegExp, string][] = [
  // Our API keys: psk_live_<id>_<secret>; the id alone is not secret and is kept.
  [/\b(psk_[a-z]+_[0-9a-f]{12}_)[A-Za-z0-9_-]{8,}/g, `$1${REDACTED}`],
  // Standard Webhooks secrets.
  [/\bwhsec_[A-Za-z0-9+/=_-]{8,}/g, `whsec_${REDACTED}`],
  // Authorization header values quoted in messages.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // Passwords in URLs (database URLs in connection errors).
  [/(\/\/[^\s:/@]+:)[^\s@/]+@/g, `$1${REDACTED}@`],
  // Signatures of signed document links.
  [/([?&]signature=)[^&\s"']+/gi, `$1${REDACTED}`],
];

const MAX_DEPTH = 8;
const MAX_STRING_LENGTH = 8192;

export function isSensitiveKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_\s]/g, '');
  return SENSITIVE_KEYS.has(normalised) || SENSITIVE_KEY_PARTS.some((part) => normalised.includes(part));
}

export function scrubText(text: string): string {
  let scrubbed = text.length > MAX_STRING_LENGTH ? `${text.slice(0, MAX_STRING_LENGTH)}…` : text;
  scrubbed = redactJwts(scrubbed);
  for (const [pattern, replacement] of SENSITIVE_TEXT) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

const JWT_REDACTED = '[REDACTED_JWT]';
const TOKEN_RUN = /[A-Za-z0-9_.-]+/g;

/**
 * Replaces what `/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\/g` would match: three
 * base64url segments, the first a JSON header (`{"` is `eyJ`). That expression retries from every `eyJ`
 * after a '-' to the end of the run, quadratic in its length, and every request's path is logged: an
 * 8 KiB path of `eyJ-` cost the API 30 ms. Here each run of token characters is split at its dots once.
 */
export function redactJwts(text: string): string {
  // Most log strings hold no JWT: a replacement calling back for each run cost them 60 times more.
  if (!text.includes('eyJ')) return text;
  return text.replace(TOKEN_RUN, (run) => (run.includes('eyJ') ? redactJwtsInRun(run) : run));
}

function redactJwtsInRun(run: string): string {
  const segments = run.split('.');
  const kept: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const hasPayloadAndSignature = index + 2 < segments.length && segments[index + 1]!.length >= 4;
    const header = hasPayloadAndSignature ? jwtHeaderStart(segment) : -1;
    if (header < 0) {
      kept.push(segment);
      continue;
    }
    kept.push(`${segment.slice(0, header)}${JWT_REDACTED}`);
    index += 2;
  }
  return kept.join('.');
}

/** Where a header begins in a dot-free segment: at an `eyJ` opening it or after a '-', 7 characters on. */
function jwtHeaderStart(segment: string): number {
  for (
    let at = segment.indexOf('eyJ');
    at >= 0 && segment.length - at >= 7;
    at = segment.indexOf('eyJ', at + 1)
  ) {
    if (at === 0 || segment[at - 1] === '-') return at;
  }
  return -1;
}

/**
 * A copy of `value` safe to log: sensitive keys redacted at any depth, secrets cut out of strings,
 * errors reduced to type, message, code and stack, binary data to its size. Cycles and depth bounded.
 */
export function scrubLogValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value;
  }
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  if (value instanceof Error) return scrubError(value, depth, seen);
  if (value instanceof Uint8Array || value instanceof ArrayBuffer)
    return `[binary ${value.byteLength} bytes]`;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSensitiveKey(key) ? REDACTED : scrubLogValue(item, depth + 1, seen);
  }
  return copy;
}

function scrubError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const serialised: Record<string, unknown> = { type: error.name, message: scrubText(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') serialised.code = code;
  if (error.stack) serialised.stack = scrubText(error.stack);
  if (error.cause !== undefined) serialised.cause = scrubLogValue(error.cause, depth + 1, seen);
  return serialised;
}
