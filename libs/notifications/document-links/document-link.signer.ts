import { type AppConfig } from '@libs/platform/config/app-config';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { decodeBase64UrlStrict } from '@libs/security/strict-base64url';

/** What a presented document link comes to: `expired` only for an authentic link past its expiry. */
export type DocumentLinkCheck = 'valid' | 'expired' | 'invalid';

export interface DocumentLinkSignerOptions {
  /** Where this service is reached from outside (`PUBLIC_BASE_URL`). */
  publicBaseUrl: string;
  /** HMAC keys, the signing one first; the others still verify links issued before a rotation. */
  keys: readonly Buffer[];
  /** Lifetime of a new link; 7 days by default (docs/contract.md §6). */
  lifetimeSeconds?: number;
}

export const DOCUMENT_LINK_LIFETIME_SECONDS = 7 * 24 * 3600;

const KEY_INFO = 'pre-statement-service/document-link/v1';
const DOCUMENT_ID = /^[1-9]\d{0,9}$/;
const EPOCH_SECONDS = /^\d{1,11}$/;

/**
 * Signed, expiring links to collected documents, carried in `done` notifications:
 * `<base>/documents/<id>?expires=<epoch s>&signature=<base64url HMAC-SHA256>`. The API serves
 * `GET /documents/<id>` after `verifyDocumentLink`; no bearer token is needed, the link is the right.
 */
export class DocumentLinkSigner {
  private readonly baseUrl: string;
  private readonly keys: readonly Buffer[];
  private readonly lifetimeSeconds: number;

  constructor(options: DocumentLinkSignerOptions) {
    if (options.keys.length === 0) throw new Error('document links need at least one key');
    if (options.keys.some((key) => key.length < 32))
      throw new Error('document link keys must be at least 32 bytes');
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
    this.keys = options.keys;
    this.lifetimeSeconds = options.lifetimeSeconds ?? DOCUMENT_LINK_LIFETIME_SECONDS;
  }

  /**
   * Keys derived from the JWT secrets (current first, then previous ones): a secret of its own is
   * not needed, and rotating the JWT secret keeps links issued before it valid while it is listed.
   */
  /** The signer of the running configuration: the API verifies with the one the worker signs with. */
  static fromConfig(config: Pick<AppConfig, 'security' | 'http'>): DocumentLinkSigner {
    return DocumentLinkSigner.fromSecrets(
      [config.security.jwtSecret, ...config.security.jwtPreviousSecrets],
      config.http.publicBaseUrl,
    );
  }

  static fromSecrets(
    secrets: readonly string[],
    publicBaseUrl: string,
    lifetimeSeconds?: number,
  ): DocumentLinkSigner {
    const keys = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32)));
    return new DocumentLinkSigner({ publicBaseUrl, keys, lifetimeSeconds });
  }

  /** When a link issued at `now` expires. */
  expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.lifetimeSeconds * 1000);
  }

  signDocumentLink(id: number, expiresAt: Date): string {
    if (!DOCUMENT_ID.test(String(id))) throw new Error(`invalid document id ${id}`);
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = mac(this.keys[0]!, String(id), String(expires)).toString('base64url');
    return `${this.baseUrl}/documents/${id}?expires=${expires}&signature=${signature}`;
  }

  /** Checks the parts of a presented link as received (path id and query values, unparsed). */
  verifyDocumentLink(
    id: string | number,
    expires: string | number | undefined,
    signature: string | undefined,
    now: Date = new Date(),
  ): DocumentLinkCheck {
    const idText = String(id);
    const expiresText = String(expires ?? '');
    if (!DOCUMENT_ID.test(idText) || !EPOCH_SECONDS.test(expiresText)) return 'invalid';
    const presented = decodeBase64UrlStrict(signature ?? '');
    if (presented?.length !== 32) return 'invalid';
    const authentic = this.keys.some((key) => timingSafeEqual(mac(key, idText, expiresText), presented));
    if (!authentic) return 'invalid';
    return Number(expiresText) * 1000 > now.getTime() ? 'valid' : 'expired';
  }
}

function mac(key: Buffer, id: string, expires: string): Buffer {
  return createHmac('sha256', key).update(`document-link.${id}.${expires}`, 'utf8').digest();
}
