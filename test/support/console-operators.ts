import { randomUUID } from 'node:crypto';
import { type Browser, type Page } from 'playwright-core';
import { type OperatorRole } from '@libs/operators/operator-identity';
import { totpCodeAt } from '@libs/operators/totp';
import { type ApiTestApp } from './api-test-app';
import { launchBrowser } from './browser';
import { type LifecycleStack, startLifecycleStack } from './lifecycle-stack';
import { buildOperatorServices } from './operator-services';

export interface TestOperator {
  email: string;
  password: string;
  role: OperatorRole;
  totpSecret: string;
}

/** A console operator of `role`, created as `operator create` does, with a unique email. */
export async function createTestOperator(app: ApiTestApp, role: OperatorRole): Promise<TestOperator> {
  const created = await buildOperatorServices(app.dataSource).administration.create({
    email: `${role}-${randomUUID().slice(0, 8)}@prestataire.example`,
    role,
  });
  return { email: created.email, password: created.password, role, totpSecret: created.totp_secret };
}

/**
 * The current TOTP code, `stepsAhead` 30 s steps later (the window accepts one step either side): a code
 * is accepted once, so a second login within the same step needs the next one.
 */
export function totpCode(operator: TestOperator, stepsAhead = 0): string {
  return totpCodeAt(operator.totpSecret, new Date(Date.now() + stepsAhead * 30_000));
}

/** Logs in through the console's login page, as an operator types it. */
export async function logInToConsole(
  page: Page,
  baseUrl: string,
  operator: TestOperator,
  stepsAhead = 0,
): Promise<void> {
  await page.goto(`${baseUrl}/console/login`);
  await page.getByLabel('Adresse e-mail').fill(operator.email);
  await page.getByLabel('Mot de passe').fill(operator.password);
  await page.getByLabel('Code de vérification').fill(totpCode(operator, stepsAhead));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${baseUrl}/console`);
}

/** A real stack with an operator of `role` signed in to its console in a browser of its own. */
export interface ConsoleBrowserStack {
  stack: LifecycleStack;
  browser: Browser;
  operator: TestOperator;
  /** The operator's one session (a TOTP code is accepted once). */
  page: Page;
  close(): Promise<void>;
}

export async function startConsoleBrowserStack(
  role: OperatorRole,
  env: Record<string, string> = {},
): Promise<ConsoleBrowserStack> {
  const stack = await startLifecycleStack({ CALLBACK_ALLOW_PRIVATE: 'true', ...env });
  const browser = await launchBrowser();
  const operator = await createTestOperator(stack.api, role);
  const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
  await logInToConsole(page, stack.api.baseUrl, operator);
  return {
    stack,
    browser,
    operator,
    page,
    async close() {
      await browser.close();
      await stack.close();
    },
  };
}
