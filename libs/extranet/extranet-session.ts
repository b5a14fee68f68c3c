/**
 * A logged-in extranet session. Opaque to callers: only the connector that issued it reads it.
 * The token is a secret: never log it, never put it in an error message.
 */
export interface ExtranetSession {
  readonly token: string;
  /** The extranet the token is valid for. */
  readonly baseUrl: string;
}
