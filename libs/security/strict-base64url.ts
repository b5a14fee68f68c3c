const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Decodes unpadded base64url, refusing anything that is not its canonical encoding. Node's decoder
 * silently skips foreign characters and ignores trailing bits, so without this check many different
 * strings would open to the same bytes.
 */
export function decodeBase64UrlStrict(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
