import { randomUUID } from 'node:crypto';
import { AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { type ApiTestApp } from './api-test-app';
import { HttpTestClient } from './http-test-client';

export interface TestAccount {
  email: string;
  password: string;
  apiKey: string;
  webhookSecret: string;
}

export interface SignedInAccount extends TestAccount {
  token: string;
  /** Headers of an authenticated request. */
  headers: Record<string, string>;
}

/** The CLI's account administration, on an app's (or a test kit's) database and secret box. */
export function accountAdministration(
  app: Pick<ApiTestApp, 'dataSource' | 'security'>,
): AccountAdministrationService {
  return new AccountAdministrationService(
    new AccountRepository(app.dataSource),
    new ApiKeyRepository(app.dataSource),
    app.security.passwords,
    app.security.secretBox,
  );
}

export async function createTestAccount(
  app: ApiTestApp,
  options: { callbackUrl?: string; shareDocuments?: boolean; shareRegistrationId?: boolean } = {},
): Promise<TestAccount> {
  const email = `notaire-${randomUUID().slice(0, 8)}@example.fr`;
  const password = `mot-de-passe-${randomUUID()}`;
  const created = await accountAdministration(app).create({
    email,
    password,
    callbackUrl: options.callbackUrl ?? null,
    shareDocuments: options.shareDocuments ?? false,
    shareRegistrationId: options.shareRegistrationId ?? false,
  });
  return { email, password, apiKey: created.api_key, webhookSecret: created.webhook_secret };
}

export async function signIn(app: ApiTestApp, account: TestAccount): Promise<SignedInAccount> {
  const res = await new HttpTestClient(app.baseUrl).post(
    '/account/auth',
    { email: account.email, password: account.password },
    { 'X-Auth-Key': account.apiKey },
  );
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const token = (res.json as { payload: { access_token: string } }).payload.access_token;
  return { ...account, token, headers: { Authorization: `Bearer ${token}`, 'X-Auth-Key': account.apiKey } };
}

export async function createSignedInAccount(app: ApiTestApp): Promise<SignedInAccount> {
  return signIn(app, await createTestAccount(app));
}
