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
    const at = httpDateMs(value);
    if (at === null) return null;
    delayMs = at - now.getTime();
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(MIN_RETRY_AFTER_MS, delayMs));
}

/**
 * An HTTP-date in any of the three forms a recipient must accept (RFC 9110 §5.6.7): IMF-fixdate and
 * RFC 850 name GMT; asctime names no zone but means UTC, which Date.parse would take as local time.
 * Date.parse alone would accept far looser text, hence the shapes first.
 */
function httpDateMs(value: string): number | null {
  let text: string;
  if (/^[A-Za-z]{3,9}, .+ GMT$/.test(value)) text = value;
  else if (/^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/.test(value)) text = `${value} GMT`;
  else return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}
