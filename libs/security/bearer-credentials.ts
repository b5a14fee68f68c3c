/**
 * The credentials of an `Authorization: Bearer <credentials>` header, or null. The scheme is matched
 * without regard to case, and one or more spaces may separate it from its credentials (RFC 9110 §11.4,
 * RFC 6750 §2.1): a client that sends two is within the standard and must not be told its token is
 * invalid. Node has already trimmed the value's leading and trailing whitespace.
 */
export function bearerCredentials(authorization: string | undefined): string | null {
  return BEARER.exec(authorization ?? '')?.[1] ?? null;
}

const BEARER = /^Bearer +([^ ].*)$/i;
