import { DomainError } from '@libs/platform/domain-error';
import { type AuthenticatedAccount } from './authenticated-account';
import { type ApiKeyEntity } from '@libs/persistence/entities/api-key.entity';
import { type AccountRepository } from './account.repository';
import { type ApiKeyRepository } from './api-key.repository';
import { type AccessTokenService } from '@libs/security/access-token.service';
import { hashApiKey, parseApiKeyId } from '@libs/security/api-key';
import { bearerCredentials } from '@libs/security/bearer-credentials';
import { type PasswordHasher } from '@libs/security/password-hasher';
import { InvalidAccessTokenError } from '@libs/security/security.errors';
import { type LoginThrottle } from './login-throttle';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The answer of a login. A class so that the API documents this very shape (describeSchema); the code builds
 * plain objects of it.
 */
export class AccessTokenPayload {
  access_token!: string;
  expires_in!: number;
}

/** `POST /account/auth` and the check every other route makes on its two headers. */
export class AccountAuthenticationService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly passwords: PasswordHasher,
    private readonly tokens: AccessTokenService,
    private readonly throttle: LoginThrottle,
  ) {}

  /**
   * The active API key presented in `X-Auth-Key` with its account's email, or the 400 "invalid key" error.
   */
  async requireApiKey(presented: string | undefined): Promise<{ key: ApiKeyEntity; accountEmail: string }> {
    // Garbage is refused without a database round trip.
    if (!presented || parseApiKeyId(presented) === null) throw new DomainError('invalid_api_key');
    const found = await this.apiKeys.findActiveWithAccountByHash(hashApiKey(presented));
    if (!found) throw new DomainError('invalid_api_key');
    return found;
  }

  async login(presentedKey: string | undefined, credentials: Credentials): Promise<AccessTokenPayload> {
    const { key } = await this.requireApiKey(presentedKey);
    // Repeated failures for one email with this key slow down its next attempts, before any password
    // is checked. Per key: only the account's own keys can log it in (below), so failures sent with
    // another account's key can neither guess the password nor lock the owner out.
    const retryAfter = this.throttle.begin(credentials.email, key.id);
    if (retryAfter > 0) throw new DomainError('rate_limited', { retryAfter });
    const account = await this.accounts.findByEmail(credentials.email);
    // Unknown email, wrong password and a key of another account look the same, in text and in time.
    const passwordOk = account
      ? await this.passwords.verify(account.passwordHash, credentials.password)
      : await this.passwords.dummyVerify(credentials.password);
    if (!account || !passwordOk || key.accountId !== account.id) throw new DomainError('invalid_credentials');
    this.throttle.succeeded(credentials.email, key.id);
    // Hashes made with other parameters than the decoy's would make a refusal's time tell which emails
    // have accounts: each is brought to the current ones at its next login.
    if (this.passwords.needsRehash(account.passwordHash)) {
      await this.accounts.setPasswordHash(account.id, await this.passwords.hash(credentials.password));
    }
    const issued = this.tokens.issue({ accountId: account.id, apiKeyId: key.id });
    return { access_token: issued.token, expires_in: issued.expiresIn };
  }

  /** Resolves the caller of an authenticated route from `X-Auth-Key` and `Authorization: Bearer`. */
  async authenticate(
    presentedKey: string | undefined,
    authorization: string | undefined,
  ): Promise<AuthenticatedAccount> {
    const { key, accountEmail } = await this.requireApiKey(presentedKey);
    const token = bearerCredentials(authorization);
    if (token === null) throw new DomainError('unauthenticated');
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) throw new DomainError('unauthenticated');
      throw error;
    }
    if (claims.accountId !== key.accountId) throw new DomainError('unauthenticated');
    // A token dies with the API key it was obtained with.
    if (claims.apiKeyId !== key.id && !(await this.apiKeys.isActive(claims.apiKeyId))) {
      throw new DomainError('unauthenticated');
    }
    return { accountId: key.accountId, email: accountEmail, apiKeyId: key.id };
  }
}
