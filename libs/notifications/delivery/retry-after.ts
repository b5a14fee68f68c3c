export const MIN_RETRY_AFTER_MS = 1000;
export const MAX_RETRY_AFTER_MS = 3600 * 1000;

/**
 * The delay a `Retry-After` header asks for (delay-seconds or HTTP-date, RFC 9110 §10.2.3), bounded to
 * [1 s, 1 h] so a receiver can neither make us hammer it nor park a notification for days; null when
 * absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  const value = header.trim();
  let delayMs: number;
  if (/^\d+$/.test(value)) delayMs = Number(value) * 1000;
  else {
    // An HTTP-date names a weekday and GMT; Date.parse alone would accept far looser text.
    if (!/^[A-Za-z]{3,9}, .+ GMT$/.test(value)) return null;
    const at = Date.parse(value);
    if (Number.isNaN(at)) return null;
    delayMs = at - now.getTime();
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, delayMs));
}
