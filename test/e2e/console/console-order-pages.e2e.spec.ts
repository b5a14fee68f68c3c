import { type Page } from 'playwright-core';
import { saveScreenshot } from '../../support/browser';
import { type ConsoleBrowserStack, startConsoleBrowserStack } from '../../support/console-operators';
import { type LifecycleStack } from '../../support/lifecycle-stack';
import { waitFor } from '../../support/wait-for';

/**
 * What the console's pages say of orders the operators did not touch, in a real browser against the
 * real stack: an operator reads them to decide, so each line must say what is so, and who said it.
 */
describe('operator console: what the pages say of an order', () => {
  let consoleStack: ConsoleBrowserStack;
  let stack: LifecycleStack;
  let page: Page;

  beforeAll(async () => {
    consoleStack = await startConsoleBrowserStack('viewer');
    ({ stack, page } = consoleStack);
  });
  afterAll(() => consoleStack?.close());

  /** A test-mode order the sandbox serves to `done`: its statement says which documents do not exist. */
  const sandboxOrder = async () => {
    const orderid = await stack.createOrder({ test_mode: true });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: `${orderid} done` });
    return orderid;
  };

  it('says a document does not exist as the syndic’s statement says it, not as an operator’s mark', async () => {
    const orderid = await sandboxOrder();
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
    const lines = await page.locator('#inexistants + ul li').allInnerTexts();
    expect(lines).toContain('Diagnostic technique global : inexistant (selon le relevé de compte)');
    expect(lines.join('\n')).not.toContain('opérateur');
    await saveScreenshot(page, 'console-sandbox-order');
  });

  it('says a test-mode order is the sandbox’s, on its page and in the search, not that its mode is yet to be decided', async () => {
    const orderid = await sandboxOrder();
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
    expect(await page.locator('#traitement h2').innerText()).toBe('Traitement : bac à sable (mode test)');
    await page.goto(`${stack.api.baseUrl}/console/search?q=${orderid}`);
    const row = await page.locator('table.grid tbody tr', { hasText: orderid }).innerText();
    expect(row).toContain('bac à sable (mode test)');
    expect(row).not.toContain('à déterminer');
  });
});
