import { createHash } from 'node:crypto';
import { type SecurityConfig } from '@libs/platform/config/app-config';
import { AccessTokenService } from './access-token.service';
import { parseEncryptionKeys } from './encryption-keys';
import { PasswordHasher } from './password-hasher';
import { RequestFingerprinter } from './request-fingerprinter';
import { SecretBox } from './secret-box';

export interface SecurityServices {
  secretBox: SecretBox;
  /** Keyed fingerprints of `Idempotency-Key` request bodies. */
  requestFingerprints: RequestFingerprinter;
  passwords: PasswordHasher;
  tokens: AccessTokenService;
}

/** Key id of a JWT secret: derived from the secret, so replacing the secret rotates the `kid` too. */
export function tokenKeyId(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 12);
}

export function createSecurityServices(config: SecurityConfig): SecurityServices {
  const active = { id: tokenKeyId(config.jwtSecret), secret: config.jwtSecret };
  const previous = config.jwtPreviousSecrets.map((secret) => ({ id: tokenKeyId(secret), secret }));
  const encryptionKeys = parseEncryptionKeys(config.encryptionKeys);
  return {
    secretBox: new SecretBox(encryptionKeys),
    requestFingerprints: new RequestFingerprinter(encryptionKeys),
    passwords: new PasswordHasher({ memoryCost: config.passwordHashMemoryKiB }),
    tokens: new AccessTokenService({
      keys: [active, ...previous],
      activeKeyId: active.id,
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      lifetimeSeconds: config.tokenLifetimeSeconds,
    }),
  };
}
