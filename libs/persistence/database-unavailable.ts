/**
 * Whether `error` says the database cannot be reached or is not serving (down, restarting, out of
 * connections), as opposed to a statement it refused. Such a request may succeed when retried: the API
 * answers 503, as it does for Temporal. Looks through TypeORM's `driverError`, `cause` and the
 * `errors` of an AggregateError (a connection tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, driverError, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && UNAVAILABLE_CODE.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    pending.push(driverError, cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

// Socket errors; SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, not yet
// accepting connections) and 53300 (too many connections).
const UNAVAILABLE_CODE =
  /^(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOTFOUND|EAI_AGAIN|08[0-9A-Z]{3}|57P0[123]|53300)$/;
// What node-postgres says when a connection ends under it or cannot be had in time; it gives no code.
const UNAVAILABLE_MESSAGE =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
