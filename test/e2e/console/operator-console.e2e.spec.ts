import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { OrderRepository } from '@libs/orders/order.repository';
import { launchBrowser, saveScreenshot } from '../../support/browser';
import { type TestOperator, createTestOperator, logInToConsole } from '../../support/console-operators';
import { pdfBytes, uploadItem } from '../../support/document-fixtures';
import { type LifecycleStack, startLifecycleStack } from '../../support/lifecycle-stack';
import { extractPdfText } from '../../support/pdf-text';
import { waitFor } from '../../support/wait-for';

/**
 * The operator console in a real browser (Debian's Chromium driven by playwright-core) against the real
 * stack: an operator logs in with a TOTP code, takes a live order no connector serves and an upload
 * order from the work queue to `done`, filing the figures by hand; the client receives the usual
 * notifications and a pre-statement holding what was filed. Screenshots under var/screenshots/.
 */
describe('operator console: assisted fulfilment in the browser', () => {
  let stack: LifecycleStack;
  let browser: Browser;
  let operator: TestOperator;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startLifecycleStack({ CALLBACK_ALLOW_PRIVATE: 'true' });
    browser = await launchBrowser();
    operator = await createTestOperator(stack.api, 'operator');
    context = await browser.newContext({ locale: 'fr-FR' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const orders = () => new OrderRepository(stack.api.dataSource);
  const assisted = (orderid: string) =>
    waitFor(async () => (await orders().findById(orderid))?.fulfilmentMode === 'assisted', {
      what: `order ${orderid} assisted`,
    });
  const auditOf = async (orderid: string) =>
    (await stack.api.dataSource.query(
      `SELECT action, operator_email, detail FROM operator_audit WHERE orderid = $1 ORDER BY id`,
      [orderid],
    )) as { action: string; operator_email: string; detail: Record<string, unknown> }[];
  const notificationStatuses = (orderid: string) =>
    stack.receiver.forOrder(orderid).map((webhook) => webhook.body.status);

  /** Fills the statement form with what an operator read in the documents, and files it. */
  async function fileStatement(figures: { coOwnership: string; budgetDue: string; balance: string }) {
    await page.locator('[name="statementDate"]').fill('2026-11-20');
    await page.locator('[name="coOwnership.name.value"]').fill(figures.coOwnership);
    await page.locator('[name="sellerBalance.value"]').fill(figures.balance);
    await page.locator('[name="sellerOwes.budgetProvisionsDue.value"]').fill(figures.budgetDue);
    await page.getByRole('button', { name: 'Enregistrer le relevé de compte' }).click();
    await page.getByText('Relevé de compte enregistré.').waitFor();
  }

  it('takes a live order no connector serves from the queue to done with the figures an operator files', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      external_id: 'DOSSIER-CONSOLE-1',
      syndic: { name: 'Foncia Lyon', username: 'marie.dupont', password: 'mot-de-passe-vendeur' },
      documents: [
        uploadItem({ doctype: 3, filename: 'reglement.pdf', content: pdfBytes('rcp').toString('base64') }),
        uploadItem({ doctype: 7, filename: 'carnet.pdf', content: pdfBytes('carnet').toString('base64') }),
      ],
    });
    await assisted(orderid);

    // The queue: the order, with why it needs a person.
    await logInToConsole(page, stack.api.baseUrl, operator);
    const row = page.locator('table.queue tr', { hasText: orderid });
    await row.waitFor();
    expect(await row.textContent()).toContain('Aucun connecteur pour ce syndic');
    await saveScreenshot(page, 'console-work-queue');
    await row.getByRole('link', { name: orderid }).click();
    await page.getByRole('heading', { name: `Commande ${orderid}` }).waitFor();

    // The seller's access: hidden until asked for, then shown and audited.
    expect(await page.content()).not.toContain('mot-de-passe-vendeur');
    await page.getByRole('button', { name: 'Afficher les identifiants du vendeur' }).click();
    await page.locator('dd.secret', { hasText: 'mot-de-passe-vendeur' }).waitFor();
    expect((await auditOf(orderid)).map((entry) => entry.action)).toEqual(['syndic_access_revealed']);

    // Two documents read from the extranet by hand, each with what it is.
    await page.locator('[name="fichier_1"]').setInputFiles({
      name: 'fiche-synthetique.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('fiche'),
    });
    await page.locator('[name="nature_1"]').selectOption('summary-sheet');
    await page.locator('[name="fichier_2"]').setInputFiles({
      name: 'pv-ag-2026.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('pv'),
    });
    await page.locator('[name="nature_2"]').selectOption('minutes');
    await page.getByRole('button', { name: 'Joindre les documents' }).click();
    await page.getByText('Documents joints.').waitFor();
    for (const title of ['fiche-synthetique.pdf', 'pv-ag-2026.pdf']) {
      await page.locator('#documents td', { hasText: title }).first().waitFor();
    }

    await fileStatement({
      coOwnership: 'Résidence du Parc Foch',
      budgetDue: '1 234,56',
      balance: '2 345,67',
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'received', { what: 'received' });

    await page.locator('#existence-kind').selectOption('dtg');
    await page.getByRole('button', { name: 'N’existe pas dans cette copropriété' }).click();
    await page.getByText('Mention enregistrée.').waitFor();

    await page.getByRole('button', { name: 'Produire le pré-état daté' }).click();
    await page.getByText('Pré-état daté produit.').waitFor();
    await page.getByRole('link', { name: 'Télécharger le pré-état daté' }).waitFor();
    await saveScreenshot(page, 'console-order-page');

    // The client saw the published states only, and the document holds what was filed.
    await waitFor(() => notificationStatuses(orderid).includes('done'), { what: 'done notification' });
    expect(notificationStatuses(orderid)).toEqual(['confirmed', 'received', 'done']);
    const done = stack.receiver.forOrder(orderid).find((webhook) => webhook.body.status === 'done')!;
    const { text } = await extractPdfText(Buffer.from(String(done.body.content), 'base64'));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Résidence du Parc Foch');
    expect(flat).toContain('1 234,56 €');
    expect(flat).toContain('2 345,67 €');
    expect(flat).not.toContain('SPÉCIMEN');
    expect(flat).toMatch(/Diagnostic technique global[^.]*inexistant/);

    // Every action audited, by whom, and in the order's history.
    const audit = await auditOf(orderid);
    expect(audit.map((entry) => entry.action)).toEqual([
      'syndic_access_revealed',
      'documents_attached',
      'statement_filed',
      'document_existence_marked',
      'released',
    ]);
    expect(new Set(audit.map((entry) => entry.operator_email))).toEqual(new Set([operator.email]));
    const triggers = (await orders().listEvents(orderid)).map((event) => event.trigger);
    expect(triggers).toEqual([
      'order-created',
      'fulfilment-assisted',
      'operator:syndic_access_revealed',
      'operator:documents_attached',
      'operator:statement_filed',
      'statement-filed',
      'operator:document_existence_marked',
      'operator:released',
      'pre-statement-generated',
    ]);
  });
});
