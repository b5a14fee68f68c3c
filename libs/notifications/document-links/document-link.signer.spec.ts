import { randomBytes } from 'node:crypto';
import { DocumentLinkSigner } from './document-link.signer';

const now = new Date('2025-03-25T17:32:39Z');

function parts(link: string) {
  const url = new URL(link);
  return {
    url,
    id: url.pathname.split('/').pop()!,
    expires: url.searchParams.get('expires')!,
    signature: url.searchParams.get('signature')!,
  };
}

describe('DocumentLinkSigner', () => {
  const signer = DocumentLinkSigner.fromSecrets(
    ['a-jwt-secret-of-at-least-32-characters!!'],
    'https://api.example.fr/',
  );

  it('issues links to /documents/<id> on the public base URL, expiring after 7 days by default', () => {
    const expiresAt = signer.expiryFrom(now);
    expect(expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 3600 * 1000);
    const { url, id, expires } = parts(signer.signDocumentLink(42, expiresAt));
    expect(`${url.origin}${url.pathname}`).toBe('https://api.example.fr/documents/42');
    expect(id).toBe('42');
    expect(Number(expires)).toBe(expiresAt.getTime() / 1000);
  });

  it('verifies its own links until they expire', () => {
    const link = parts(signer.signDocumentLink(42, signer.expiryFrom(now)));
    expect(signer.verifyDocumentLink(link.id, link.expires, link.signature, now)).toBe('valid');
    const later = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
    expect(signer.verifyDocumentLink(link.id, link.expires, link.signature, later)).toBe('expired');
  });

  it('refuses tampered ids, expiries and signatures, and links of another key', () => {
    const link = parts(signer.signDocumentLink(42, signer.expiryFrom(now)));
    const flipped = `${link.signature.slice(0, -1)}${link.signature.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verifyDocumentLink('43', link.expires, link.signature, now)).toBe('invalid');
    expect(signer.verifyDocumentLink('042', link.expires, link.signature, now)).toBe('invalid');
    expect(signer.verifyDocumentLink(link.id, String(Number(link.expires) + 1), link.signature, now)).toBe(
      'invalid',
    );
    expect(signer.verifyDocumentLink(link.id, link.expires, flipped, now)).toBe('invalid');
    expect(signer.verifyDocumentLink(link.id, undefined, link.signature, now)).toBe('invalid');
    expect(signer.verifyDocumentLink(link.id, link.expires, undefined, now)).toBe('invalid');
    const other = new DocumentLinkSigner({
      publicBaseUrl: 'https://api.example.fr',
      keys: [randomBytes(32)],
    });
    expect(other.verifyDocumentLink(link.id, link.expires, link.signature, now)).toBe('invalid');
  });

  it('keeps verifying links signed with a previous key after a rotation', () => {
    const oldKey = randomBytes(32);
    const before = new DocumentLinkSigner({ publicBaseUrl: 'https://api.example.fr', keys: [oldKey] });
    const after = new DocumentLinkSigner({
      publicBaseUrl: 'https://api.example.fr',
      keys: [randomBytes(32), oldKey],
    });
    const link = parts(before.signDocumentLink(7, before.expiryFrom(now)));
    expect(after.verifyDocumentLink(link.id, link.expires, link.signature, now)).toBe('valid');
  });
});
