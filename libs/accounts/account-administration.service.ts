// validator.js's check, the one class-validator's @IsEmail() applies to the API's emails, without the
// rest of class-validator (about 150 ms of every CLI command's start).
import isEmail from 'validator/lib/isEmail';
import { ServiceError } from '@libs/platform/domain-error';
import { type AccountEntity } from '@libs/persistence/entities/account.entity';
import { type AccountRepository } from './account.repository';
import { type ApiKeyRepository } from './api-key.repository';
import { generateApiKey } from '@libs/security/api-key';
import { type PasswordHasher } from '@libs/security/password-hasher';
import { type SecretBox } from '@libs/security/secret-box';
import { generateWebhookSecret } from '@libs/security/webhook-secret';
import { WEBHOOK_SECRET_AAD } from '@libs/security/webhook-secret-aad';

/** An operator's command the CLI refuses (unknown account, duplicate email…); the message says why. */
export class AccountAdministrationError extends ServiceError {
  override readonly name = 'AccountAdministrationError';
  readonly code = 'account_administration_refused';
}

export interface NewAccountRequest {
  email: string;
  password: string;
  callbackUrl: string | null;
  shareDocuments: boolean;
  shareRegistrationId: boolean;
}

export interface AccountSummary {
  email: string;
  callback_url: string | null;
  share_documents: boolean;
  share_registration_id: boolean;
  created: string;
  /** While the secret replaced by the last rotation still signs notifications: until when. */
  previous_secret_valid_until: string | null;
  api_keys: { id: string; created: string; revoked: string | null }[];
}

/** What the operator CLI does to accounts; no HTTP endpoint creates accounts. */
export class AccountAdministrationService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly passwords: PasswordHasher,
    private readonly secretBox: SecretBox,
  ) {}

  async create(
    request: NewAccountRequest,
  ): Promise<{ email: string; api_key: string; webhook_secret: string }> {
    const email = request.email.trim().toLowerCase();
    // The API's own rule (the order's `email` must be the account's): an account it would refuse there
    // could never order.
    if (!isEmail(email)) throw new AccountAdministrationError(`invalid email: ${request.email}`);
    if (request.password.length < 8)
      throw new AccountAdministrationError('password must be at least 8 characters');
    if (request.callbackUrl !== null) assertHttpUrl(request.callbackUrl);
    if (await this.accounts.findByEmail(email))
      throw new AccountAdministrationError(`account already exists: ${email}`);
    const webhookSecret = generateWebhookSecret();
    const account = await this.accounts.create({
      email,
      passwordHash: await this.passwords.hash(request.password),
      callbackUrl: request.callbackUrl,
      webhookSecretSealed: this.secretBox.seal(webhookSecret, WEBHOOK_SECRET_AAD),
      shareDocuments: request.shareDocuments,
      shareRegistrationId: request.shareRegistrationId,
    });
    const apiKey = await this.issueKeyFor(account);
    return { email, api_key: apiKey.key, webhook_secret: webhookSecret };
  }

  async issueKey(email: string): Promise<{ email: string; api_key: string; key_id: string }> {
    const account = await this.require(email);
    const issued = await this.issueKeyFor(account);
    return { email: account.email, api_key: issued.key, key_id: issued.id };
  }

  async revokeKey(email: string, keyId: string): Promise<{ email: string; revoked: string }> {
    const account = await this.require(email);
    if (!(await this.apiKeys.revoke(account.id, keyId))) {
      throw new AccountAdministrationError(`no active API key ${keyId} for ${account.email}`);
    }
    return { email: account.email, revoked: keyId };
  }

  async setCallbackUrl(
    email: string,
    callbackUrl: string | null,
  ): Promise<{ email: string; callback_url: string | null }> {
    const account = await this.require(email);
    if (callbackUrl !== null) assertHttpUrl(callbackUrl);
    await this.accounts.setCallbackUrl(account.id, callbackUrl);
    return { email: account.email, callback_url: callbackUrl };
  }

  /**
   * A new webhook secret. The one it replaces still signs notifications for `graceMs` (each carries both
   * signatures meanwhile, as Standard Webhooks provides), so the client can deploy the new one without
   * failing a delivery; 0 drops it at once (a leaked secret).
   */
  async rotateWebhookSecret(
    email: string,
    graceMs: number,
    now = new Date(),
  ): Promise<{ email: string; webhook_secret: string; previous_secret_valid_until: string | null }> {
    const account = await this.require(email);
    const secret = generateWebhookSecret();
    const previousUntil = graceMs > 0 ? new Date(now.getTime() + graceMs) : null;
    await this.accounts.setWebhookSecret(
      account.id,
      this.secretBox.seal(secret, WEBHOOK_SECRET_AAD),
      previousUntil,
    );
    return {
      email: account.email,
      webhook_secret: secret,
      previous_secret_valid_until: previousUntil?.toISOString() ?? null,
    };
  }

  async show(email: string): Promise<AccountSummary> {
    const account = await this.require(email);
    const keys = await this.apiKeys.listByAccount(account.id);
    return {
      email: account.email,
      callback_url: account.callbackUrl,
      share_documents: account.shareDocuments,
      share_registration_id: account.shareRegistrationId,
      created: account.createdAt.toISOString(),
      previous_secret_valid_until:
        account.previousWebhookSecretUntil && account.previousWebhookSecretUntil > new Date()
          ? account.previousWebhookSecretUntil.toISOString()
          : null,
      api_keys: keys.map((k) => ({
        id: k.prefix,
        created: k.createdAt.toISOString(),
        revoked: k.revokedAt ? k.revokedAt.toISOString() : null,
      })),
    };
  }

  private async issueKeyFor(account: AccountEntity) {
    const issued = generateApiKey();
    await this.apiKeys.create(account.id, issued.id, issued.hash);
    return issued;
  }

  private async require(email: string): Promise<AccountEntity> {
    const account = await this.accounts.findByEmail(email.trim());
    if (!account) throw new AccountAdministrationError(`no account with email ${email}`);
    return account;
  }
}

function assertHttpUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AccountAdministrationError(`invalid callback URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AccountAdministrationError(`callback URL must be http(s): ${value}`);
  }
}
