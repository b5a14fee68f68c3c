import { randomUUID } from 'node:crypto';
import { AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { AccountAuthenticationService } from '@libs/accounts/account-authentication.service';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { LoginThrottle } from '@libs/accounts/login-throttle';
import { PasswordHasher } from '@libs/security/password-hasher';
import { type NotificationTestKit, openNotificationTestKit } from './notifications/notification-fixtures';

/**
 * After `PASSWORD_HASH_MEMORY_KIB` (or the other argon2 parameters) changed, existing accounts kept the
 * hashes made with the old ones, while an unknown email's decoy verification used the new ones: the
 * time of a refused login told which emails have accounts (13 ms against 52 ms measured, 19 MiB against
 * 64 MiB). A client's successful login now rehashes its password, as an operator's does. Real
 * PostgreSQL.
 */
describe('a client login after the password hash parameters changed (PostgreSQL)', () => {
  let kit: NotificationTestKit;

  beforeAll(async () => {
    kit = await openNotificationTestKit();
  });
  afterAll(() => kit?.close());

  it('rehashes the password with the current parameters, and logs in with it afterwards', async () => {
    const accounts = new AccountRepository(kit.dataSource);
    const apiKeys = new ApiKeyRepository(kit.dataSource);
    const password = `mot-de-passe-${randomUUID()}`;
    // Created under the former parameters (19 MiB, the default).
    const created = await new AccountAdministrationService(
      accounts,
      apiKeys,
      new PasswordHasher(),
      kit.security.secretBox,
    ).create({
      email: `notaire-${randomUUID().slice(0, 8)}@example.fr`,
      password,
      callbackUrl: null,
      shareDocuments: false,
      shareRegistrationId: false,
    });
    const current = new PasswordHasher({ memoryCost: 8192 });
    const login = () =>
      new AccountAuthenticationService(
        accounts,
        apiKeys,
        current,
        kit.security.tokens,
        new LoginThrottle({ failuresBeforeDelay: 5, maxDelayMs: 1000 }),
      ).login(created.api_key, { email: created.email, password });
    const storedHash = async () => (await accounts.findByEmail(created.email))!.passwordHash;
    expect(await storedHash()).toContain('m=19456');

    await expect(login()).resolves.toMatchObject({ access_token: expect.any(String) });
    expect(await storedHash()).toContain('m=8192');
    expect(current.needsRehash(await storedHash())).toBe(false);
    await expect(login()).resolves.toMatchObject({ access_token: expect.any(String) });
  });
});
