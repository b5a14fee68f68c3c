import { SetMetadata } from '@nestjs/common';

export const CONSOLE_FORM = 'consoleForm';

/**
 * What a console route reads: `login` (an email, a password and a code, before any session),
 * `form` (an action's fields, or a whole statement), `upload` (documents attached). Every form but the
 * login must carry the session's CSRF token (`_csrf`).
 */
export type ConsoleFormKind = 'login' | 'form' | 'upload';

/** The route takes a form of that kind, read once the session is checked (ConsoleFormInterceptor). */
export const ConsoleForm = (kind: ConsoleFormKind) => SetMetadata(CONSOLE_FORM, kind);
