import { type DataSource } from 'typeorm';
import { OperatorAdministrationService } from '@libs/operators/operator-administration.service';
import { OperatorAuthenticationService } from '@libs/operators/operator-authentication.service';
import { OperatorRepository } from '@libs/operators/operator.repository';
import { UnknownEmailLockoutRepository } from '@libs/operators/unknown-email-lockout.repository';
import { OperatorSessionRepository } from '@libs/operators/operator-session.repository';
import { OperatorSessionService } from '@libs/operators/operator-session.service';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type ConsoleConfig, loadConfig } from '@libs/platform/config/app-config';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { type SecurityServices, createSecurityServices } from '@libs/security/security-services.factory';

export interface OperatorServices {
  administration: OperatorAdministrationService;
  authentication: OperatorAuthenticationService;
  sessions: OperatorSessionService;
  /** The password hasher and secret box they use (the suite's configuration). */
  security: Pick<SecurityServices, 'passwords' | 'secretBox'>;
}

/**
 * The operator identity layer built over `dataSource` the way the console builds it, with the suite's
 * configuration (`console` overridable) and an injectable clock.
 */
export function buildOperatorServices(
  dataSource: DataSource,
  options: { clock?: () => Date; console?: Partial<ConsoleConfig> } = {},
): OperatorServices {
  const config = loadConfig();
  const consoleConfig = { ...config.console, ...options.console };
  const clock = options.clock ?? (() => new Date());
  const security = createSecurityServices(config.security);
  const operators = new OperatorRepository(dataSource);
  const sessionRows = new OperatorSessionRepository(dataSource);
  const transactions = new TransactionRunner(dataSource);
  const sessions = new OperatorSessionService(
    sessionRows,
    parseEncryptionKeys(config.security.encryptionKeys),
    consoleConfig,
    clock,
  );
  return {
    administration: new OperatorAdministrationService(
      operators,
      sessionRows,
      transactions,
      security.passwords,
      security.secretBox,
      clock,
    ),
    authentication: new OperatorAuthenticationService(
      operators,
      new UnknownEmailLockoutRepository(parseEncryptionKeys(config.security.encryptionKeys)),
      transactions,
      security.passwords,
      security.secretBox,
      sessions,
      consoleConfig,
      clock,
    ),
    sessions,
    security,
  };
}
