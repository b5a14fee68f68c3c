import { type Page } from 'playwright-core';
import { OrderRepository } from '@libs/orders/order.repository';
import { saveScreenshot, waitForText } from '../../support/browser';
import { type ConsoleBrowserStack, startConsoleBrowserStack } from '../../support/console-operators';
import { pdfBytes } from '../../support/document-fixtures';
import { type LifecycleStack } from '../../support/lifecycle-stack';
import { createTestAccount, signIn } from '../../support/test-accounts';
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
    consoleStack = await startConsoleBrowserStack('operator');
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

  it('names each notification by the state it tells, in French, beside the code the client receives', async () => {
    const orderid = await sandboxOrder();
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
    const statuses = await page.locator('#notifications tbody tr td:nth-child(2)').allInnerTexts();
    expect(statuses).toEqual(['confirmée (confirmed)', 'reçue (received)', 'terminée (done)']);
  });

  it('says a notification was not sent for want of a callback URL, in French, and one delivered when it was', async () => {
    // The table printed the delivery log's English last_error, and "—" where it was delivered or not.
    const withoutUrl = await signIn(stack.api, await createTestAccount(stack.api));
    const orderid = await stack.createOrder({ test_mode: true }, withoutUrl);
    await waitFor(
      async () =>
        (
          (await stack.api.dataSource.query(
            `SELECT count(*)::int AS n FROM notifications WHERE orderid = $1 AND not_sent_at IS NOT NULL`,
            [orderid],
          )) as { n: number }[]
        )[0]!.n === 3,
      { what: 'three notifications not sent' },
    );
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}#notifications`);
    const outcomes = await page.locator('#notifications tbody tr td:nth-child(3)').allInnerTexts();
    expect(outcomes).toHaveLength(3);
    for (const outcome of outcomes) {
      expect(outcome).toMatch(
        /^non envoyée le \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d : ni la commande ni le compte n’ont d’URL de rappel$/,
      );
    }
    expect(await page.locator('#notifications').innerText()).not.toContain('not sent');
    await saveScreenshot(page, 'console-notifications-not-sent');

    const delivered = await sandboxOrder();
    await waitFor(() => stack.receiver.forOrder(delivered).length === 3, { what: 'three delivered' });
    await waitFor(
      async () => {
        await page.goto(`${stack.api.baseUrl}/console/orders/${delivered}#notifications`);
        const cells = await page.locator('#notifications tbody tr td:nth-child(3)').allInnerTexts();
        return cells.length === 3 && cells.every((cell) => /^remise le \d\d\/\d\d\/\d{4} /.test(cell));
      },
      { what: 'three notifications delivered on the page' },
    );
  });

  it('words the timeline and the operators’ journal in French, without the keys and JSON they are stored as', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Cabinet Journal', username: 'vendeur', password: 'secret' },
    });
    await waitFor(
      async () =>
        (await new OrderRepository(stack.api.dataSource).findById(orderid))?.fulfilmentMode === 'assisted',
      {
        what: 'assisted',
      },
    );
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
    await page.locator('[name="fichier_1"]').setInputFiles({
      name: 'fiche-synthetique.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('fiche'),
    });
    await page.locator('[name="nature_1"]').selectOption('summary-sheet');
    await page.getByRole('button', { name: 'Joindre les documents' }).click();
    await waitForText(page, 'Documents joints.');
    await page.locator('#existence-kind').selectOption('dtg');
    await page.getByRole('button', { name: 'N’existe pas dans cette copropriété' }).click();
    await waitForText(page, 'Mention enregistrée.');
    await page.locator('[name="statementDate"]').fill('2026-11-20');
    await page.locator('[name="coOwnership.name.value"]').fill('Résidence du Journal');
    await page.getByRole('button', { name: 'Enregistrer le relevé de compte' }).click();
    await waitForText(page, 'Relevé de compte enregistré.');
    await page.locator('[name="coOwnership.name.value"]').fill('Résidence du Journal, bâtiment A');
    await page.getByRole('button', { name: 'Enregistrer le relevé de compte' }).click();
    await waitForText(page, 'Relevé de compte enregistré.');

    const details = [
      ...(await page.locator('#chronologie td.detail').allInnerTexts()),
      ...(await page.locator('#journal td.detail').allInnerTexts()),
    ].join('\n');
    await saveScreenshot(page, 'console-order-journal');
    expect(details).not.toMatch(/[a-z]_[a-z]|[{}[\]"]|\b(true|false|dtg|no_connector)\b/);
    expect(details).toContain(`par ${consoleStack.operator.email}`);
    expect(details).toContain('fiche-synthetique.pdf (Fiche synthétique)');
    expect(details).toContain('Diagnostic technique global : inexistant');
    expect(details).toContain('Aucun connecteur pour ce syndic');
    expect(details).toContain('premier dépôt');
    // The second filing changed the name only (the first one read back from PostgreSQL's jsonb).
    expect(await page.locator('#journal td.detail').allInnerTexts()).toContain(
      'champs modifiés : « Nom de la copropriété »',
    );
  });
});
