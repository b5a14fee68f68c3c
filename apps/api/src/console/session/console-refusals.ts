import { ServiceError } from '@libs/platform/domain-error';

/** A console page asked without a valid session: the browser is sent to the login page. */
export class ConsoleLoginRequired extends ServiceError {
  override readonly name = 'ConsoleLoginRequired';
  readonly code = 'console_login_required';
  constructor(
    /** A session cookie came, but its session is over (idle, too old, operator disabled or locked). */
    readonly expired: boolean,
    /**
     * A page's form sent once its session had ended (idle, too old): whose it was, so that what the
     * form holds can wait for that operator to log in again.
     */
    readonly formOfOperator: string | null = null,
  ) {
    super(expired ? 'console session expired' : 'console session required');
  }
}

/** A console form without the session's CSRF token, or sent from another origin. */
export class ConsoleFormRefused extends ServiceError {
  override readonly name = 'ConsoleFormRefused';
  readonly code = 'console_form_refused';
}

/**
 * A form of the console's own pages (the browser says it came from this very origin) whose CSRF token
 * is not the session's: the page was shown under an earlier session (a logout and login since, in
 * another tab). The form was read, so it can be shown again as typed, applied to nothing.
 */
export class ConsoleFormStale extends ServiceError {
  override readonly name = 'ConsoleFormStale';
  readonly code = 'console_form_stale';
}
