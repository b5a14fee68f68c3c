/** A UUID in its text form, in either case (PostgreSQL reads both): the ids of notifications and keys. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before a lookup: PostgreSQL rejects a malformed uuid with an error, not an empty result. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
