import { createHash, timingSafeEqual } from 'node:crypto';
import { type CodecConfig, type RuntimeMode } from '@libs/platform/config/app-config';
import { bearerCredentials } from '@libs/security/bearer-credentials';

/**
 * Who may call the codec endpoints, which decrypt anything the service sent to Temporal:
 * - callers presenting `Authorization: Bearer <CODEC_AUTH_TOKEN>` (an operator's `temporal workflow
 *   show --codec-endpoint … --codec-auth "Bearer …"`, or a Temporal UI behind a proxy adding it);
 * - in development only and while no token is configured, callers on the loopback interface, so the
 *   dev server's Web UI (`npm start`) shows decoded payloads with no setup.
 * Nobody else: without a token, production and test deployments refuse every call.
 */
export class CodecAccessPolicy {
  private readonly tokenDigest: Buffer | null;

  constructor(
    config: CodecConfig,
    private readonly mode: RuntimeMode,
  ) {
    this.tokenDigest = config.authToken === null ? null : digest(config.authToken);
  }

  allows(authorization: string | undefined, remoteAddress: string | undefined): boolean {
    if (this.tokenDigest === null) return this.mode === 'development' && isLoopback(remoteAddress);
    const token = bearerCredentials(authorization);
    // Digests have one length, so the comparison is constant-time whatever was presented.
    return token !== null && timingSafeEqual(digest(token), this.tokenDigest);
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address ?? '');
}
