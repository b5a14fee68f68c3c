import { Global, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { AccountAuthenticationService } from '@libs/accounts/account-authentication.service';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { LoginThrottle } from '@libs/accounts/login-throttle';
import { type AppConfig } from '@libs/platform/config/app-config';
import { MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';
import { AccessTokenService } from '@libs/security/access-token.service';
import { PasswordHasher } from '@libs/security/password-hasher';
import { RequestFingerprinter } from '@libs/security/request-fingerprinter';
import { SecretBox } from '@libs/security/secret-box';
import { type SecurityServices, createSecurityServices } from '@libs/security/security-services.factory';
import { APP_CONFIG } from '../config.module';
import { construct, token } from '../injection';
import { ApiAuthGuard } from './api-auth.guard';
import { ApiKeyRateLimit } from './api-key-rate-limit';

const SECURITY_SERVICES = token<SecurityServices>('SECURITY_SERVICES');

/**
 * Who may call what: the cryptographic services (built from the configuration's keys as every process
 * builds them), the authentication of API keys and tokens, and the guard that requires them on every
 * route but the public ones.
 */
@Global()
@Module({
  providers: [
    {
      provide: SECURITY_SERVICES,
      useFactory: (config: AppConfig) => createSecurityServices(config.security),
      inject: [APP_CONFIG],
    },
    { provide: SecretBox, useFactory: (s: SecurityServices) => s.secretBox, inject: [SECURITY_SERVICES] },
    {
      provide: RequestFingerprinter,
      useFactory: (s: SecurityServices) => s.requestFingerprints,
      inject: [SECURITY_SERVICES],
    },
    {
      provide: PasswordHasher,
      useFactory: (s: SecurityServices) => s.passwords,
      inject: [SECURITY_SERVICES],
    },
    {
      provide: AccessTokenService,
      useFactory: (s: SecurityServices) => s.tokens,
      inject: [SECURITY_SERVICES],
    },
    {
      provide: LoginThrottle,
      useFactory: ({ rateLimit }: AppConfig) =>
        new LoginThrottle({
          failuresBeforeDelay: rateLimit.loginFailuresBeforeDelay,
          maxDelayMs: rateLimit.loginDelayMaxMs,
        }),
      inject: [APP_CONFIG],
    },
    construct(AccountAuthenticationService, [
      AccountRepository,
      ApiKeyRepository,
      PasswordHasher,
      AccessTokenService,
      LoginThrottle,
    ]),
    {
      provide: ApiKeyRateLimit,
      useFactory: (limiter: MemoryRateLimiter, config: AppConfig) =>
        new ApiKeyRateLimit(limiter, config.rateLimit),
      inject: [MemoryRateLimiter, APP_CONFIG],
    },
    {
      provide: APP_GUARD,
      useFactory: (
        reflector: Reflector,
        authentication: AccountAuthenticationService,
        keys: ApiKeyRateLimit,
      ) => new ApiAuthGuard(reflector, authentication, keys),
      inject: [Reflector, AccountAuthenticationService, ApiKeyRateLimit],
    },
  ],
  exports: [
    SecretBox,
    RequestFingerprinter,
    PasswordHasher,
    AccessTokenService,
    AccountAuthenticationService,
  ],
})
export class SecurityModule {}
