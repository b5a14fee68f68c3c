import { type Request, type Response } from 'express';

/** The console's session cookie: an opaque token (libs/operators/operator-session.service.ts). */
export const CONSOLE_COOKIE = 'pst_console';
const COOKIE_PATH = '/console';

/** The session token the browser sent, if any. */
export function readConsoleCookie(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === CONSOLE_COOKIE) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/**
 * httpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure in production,
 * scoped to the console's paths; a session cookie: it ends with the browser, the session's idle timeout
 * and lifetime end it on the server.
 */
export function setConsoleCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(CONSOLE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH });
}

export function clearConsoleCookie(res: Response, secure: boolean): void {
  res.clearCookie(CONSOLE_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH });
}
