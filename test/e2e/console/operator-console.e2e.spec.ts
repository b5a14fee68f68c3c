import { createHash, randomUUID } from 'node:crypto';
import { type Browser, type Page } from 'playwright-core';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { launchBrowser, saveScreenshot, waitForText } from '../../support/browser';
import {
  type ConsoleBrowserStack,
  type TestOperator,
  createTestOperator,
  logInToConsole,
  startConsoleBrowserStack,
} from '../../support/console-operators';
import { pdfBytes, uploadItem } from '../../support/document-fixtures';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { type LifecycleStack } from '../../support/lifecycle-stack';
import { extractPdfText } from '../../support/pdf-text';
import { waitFor } from '../../support/wait-for';

/**
 * The operator console in a real browser (Debian's Chromium driven by playwright-core) against the real
 * stack: an operator logs in with a TOTP code, takes a live order no connector serves and an upload
 * order from the work queue to `done`, filing the figures by hand; the client receives the usual
 * notifications and a pre-statement holding what was filed. Screenshots under var/screenshots/.
 */
describe('operator console: assisted fulfilment in the browser', () => {
  let consoleStack: ConsoleBrowserStack;
  let stack: LifecycleStack;
  let browser: Browser;
  let operator: TestOperator;
  let page: Page;

  beforeAll(async () => {
    // The operator's one session for every test of this file: a TOTP code is accepted once.
    consoleStack = await startConsoleBrowserStack('operator');
    ({ stack, browser, operator, page } = consoleStack);
  });
  afterAll(() => consoleStack?.close());

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
    await waitForText(page, 'Relevé de compte enregistré.');
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
    await page.goto(`${stack.api.baseUrl}/console`);
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
    await waitForText(page, 'Documents joints.');
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
    await waitForText(page, 'Mention enregistrée.');
    // A mark whose answer is neither of the form's two buttons is not taken for "n'existe pas"; and a
    // field named like an object's own properties is a field like any other.
    const csrfNow = await page.locator('form[action="/console/logout"] input[name="_csrf"]').inputValue();
    const unanswered = await page.request.post(
      `${stack.api.baseUrl}/console/orders/${orderid}/document-existence`,
      { form: { _csrf: csrfNow, kind: 'dta', ['__proto__']: 'x', toString: 'y' }, maxRedirects: 0 },
    );
    expect(unanswered.status()).toBe(409);
    expect(await unanswered.text()).toContain('La demande est incomplète ou invalide');

    await page.getByRole('button', { name: 'Produire le pré-état daté' }).click();
    await waitForText(page, 'Pré-état daté produit.');
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

    // The pre-statement from the page is the one the client received.
    const href = await page.getByRole('link', { name: 'Télécharger le pré-état daté' }).getAttribute('href');
    const downloaded = await page.request.get(new URL(href!, stack.api.baseUrl).href);
    expect(downloaded.headers()['content-type']).toBe('application/pdf');
    expect((await downloaded.body()).equals(Buffer.from(String(done.body.content), 'base64'))).toBe(true);

    // An operator sends the `done` notification again: the same webhook-id, so the client deduplicates it.
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}#notifications`);
    await page
      .locator('#notifications tr', { hasText: 'done' })
      .getByRole('button', { name: 'Renvoyer' })
      .click();
    await waitForText(page, 'Notification renvoyée.');
    await waitFor(() => notificationStatuses(orderid).filter((status) => status === 'done').length === 2, {
      what: 'done sent again',
    });
    const dones = stack.receiver.forOrder(orderid).filter((webhook) => webhook.body.status === 'done');
    expect(dones[1]!.headers['webhook-id']).toBe(dones[0]!.headers['webhook-id']);

    // A redelivery of a notification that is not the order's sends nothing, and leaves no entry saying
    // it was sent.
    const csrf = await page.locator('form[action="/console/logout"] input[name="_csrf"]').inputValue();
    const foreign = await page.request.post(
      `${stack.api.baseUrl}/console/orders/${orderid}/notifications/${randomUUID()}/redeliver`,
      { form: { _csrf: csrf }, maxRedirects: 0 },
    );
    expect(foreign.status()).toBe(404);
    expect(await foreign.text()).toContain('Notification introuvable');

    // Every action audited, by whom, and in the order's history.
    const audit = await auditOf(orderid);
    expect(audit.map((entry) => entry.action)).toEqual([
      'syndic_access_revealed',
      'documents_attached',
      'statement_filed',
      'document_existence_marked',
      'released',
      'notification_redelivered',
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
      'operator:notification_redelivered',
    ]);
  });

  it('takes an upload order to done: its figures read from its documents, found by search', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      method: 'upload',
      syndic: undefined,
      external_id: 'DOSSIER-UPLOAD-7',
      documents: [1, 2, 3, 7].map((doctype) =>
        uploadItem({
          doctype,
          filename: `piece-${doctype}.pdf`,
          content: pdfBytes(`piece ${doctype}`).toString('base64'),
        }),
      ),
    });
    await assisted(orderid);
    expect((await orders().findById(orderid))?.assistanceReason).toBe('upload_order');

    await page.goto(`${stack.api.baseUrl}/console/search?q=DOSSIER-UPLOAD-7`);
    await page.getByRole('link', { name: orderid }).click();
    await page.getByRole('heading', { name: `Commande ${orderid}` }).waitFor();

    // The operator reads the uploaded call for funds in the page's preview.
    const preview = page
      .locator('#documents tr', { hasText: 'piece-1.pdf' })
      .getByRole('link', { name: 'Aperçu' });
    await preview.click();
    const frame = page.locator('#apercu iframe');
    await frame.waitFor();
    const framed = await page.request.get(
      new URL((await frame.getAttribute('src'))!, stack.api.baseUrl).href,
    );
    expect(framed.status()).toBe(200);
    expect(framed.headers()['content-type']).toBe('application/pdf');
    expect(framed.headers()['content-disposition']).toMatch(/^inline/);
    expect(framed.headers()['content-security-policy']).toContain("form-action 'none'");
    // Chromium's PDF viewer goes on loading in the frame after the page has, then takes the focus and
    // scrolls to it: text typed or a button clicked meanwhile misses (runs under load lost a field's
    // text or the form's submission). The operator closes the preview before filling the form.
    await page.getByRole('link', { name: 'Fermer l’aperçu' }).click();
    await frame.waitFor({ state: 'detached' });

    // An extranet may hand over a document of any type. One that is neither a PDF nor an image (a page
    // holding a fake login form, say) is never shown in the console's origin: a download only.
    const pageHtml = Buffer.from('<form action="https://ailleurs.example/"><input name="motdepasse"></form>');
    const storageKey = `console-e2e/${orderid}/page.html`;
    await stack.api.documentStore.put(storageKey, pageHtml);
    const html = await new StoredDocumentRepository(stack.api.dataSource).insertIfAbsent({
      orderid,
      orderVersion: 1,
      source: 'extranet',
      sourceRef: 'page-html',
      doctype: 1,
      kind: null,
      title: 'page.html',
      filename: 'page.html',
      documentDate: null,
      mimetype: 'text/html',
      size: pageHtml.length,
      sha256: createHash('sha256').update(pageHtml).digest('hex'),
      storageKey,
    });
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}?apercu=${html.id}#apercu`);
    await page.getByRole('heading', { name: `Commande ${orderid}` }).waitFor();
    expect(await page.locator('#apercu iframe').count()).toBe(0);
    const htmlRow = page.locator('#documents tr', { hasText: 'page.html' });
    expect(await htmlRow.getByRole('link', { name: 'Aperçu' }).count()).toBe(0);
    const asked = await page.request.get(
      `${stack.api.baseUrl}/console/orders/${orderid}/documents/${html.id}?apercu=1`,
    );
    expect(asked.status()).toBe(200);
    expect(asked.headers()['content-disposition']).toMatch(/^attachment/);

    await fileStatement({ coOwnership: 'Les Jardins de Łukasz', budgetDue: '987,65', balance: '0' });
    await page.getByRole('button', { name: 'Produire le pré-état daté' }).click();
    await waitForText(page, 'Pré-état daté produit.');

    await waitFor(() => notificationStatuses(orderid).includes('done'), { what: 'done notification' });
    expect(notificationStatuses(orderid)).toEqual(['confirmed', 'received', 'done']);
    const done = stack.receiver.forOrder(orderid).find((webhook) => webhook.body.status === 'done')!;
    const flat = (await extractPdfText(Buffer.from(String(done.body.content), 'base64'))).text.replace(
      /\s+/g,
      ' ',
    );
    expect(flat).toContain('Les Jardins de Łukasz');
    expect(flat).toContain('987,65 €');
    // What nobody filed is said to be unknown, never invented.
    expect(flat).toContain('non communiqué');
  });

  it('refuses a form without the session’s CSRF token, or from another origin, and changes nothing', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Cabinet Inconnu', username: 'vendeur', password: 'secret-vendeur' },
    });
    await assisted(orderid);
    const url = `${stack.api.baseUrl}/console/orders/${orderid}/syndic-access`;
    await page.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
    const csrf = await page.locator('form[action$="/syndic-access"] input[name="_csrf"]').inputValue();
    for (const form of [{} as Record<string, string>, { _csrf: 'not-the-token' }]) {
      const refused = await page.request.post(url, { form, maxRedirects: 0 });
      expect(refused.status()).toBe(403);
      expect(await refused.text()).toContain('Formulaire expiré ou d’une autre origine');
      expect(await refused.text()).not.toContain('secret-vendeur');
    }
    const foreign = await page.request.post(url, {
      form: { _csrf: csrf },
      headers: { Origin: 'https://attaquant.example' },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(403);
    expect(await auditOf(orderid)).toEqual([]);
    // The same form from the console itself is accepted.
    const accepted = await page.request.post(url, { form: { _csrf: csrf }, maxRedirects: 0 });
    expect(accepted.status()).toBe(200);
    expect(await accepted.text()).toContain('secret-vendeur');
  });

  it('answers hostile queries and unknown orders with pages, never a server error', async () => {
    for (const path of [
      '/console/search?q=%00',
      "/console/search?q=%25'%20OR%201=1--",
      '/console?compte=%00&motif=nimporte&etat=%00&page=-5',
      '/console?page=99999999999',
    ]) {
      const res = await page.request.get(`${stack.api.baseUrl}${path}`);
      expect({ path, status: res.status() }).toEqual({ path, status: 200 });
    }
    for (const path of [
      '/console/orders/ZZZZZZ',
      "/console/orders/AB'1",
      '/console/orders/ABCDEF/documents/abc',
    ]) {
      const res = await page.request.get(`${stack.api.baseUrl}${path}`);
      expect({ path, status: res.status() }).toEqual({ path, status: 404 });
      expect(await res.text()).toContain('Commande introuvable');
    }
    // A kept form's id that is none, repeated, or nobody's: the order's page as it is.
    const orderid = await stack.createOrder({ test_mode: false });
    for (const query of ['brouillon=%00', 'brouillon=a&brouillon=b', `brouillon=${randomUUID()}`]) {
      const res = await page.request.get(`${stack.api.baseUrl}/console/orders/${orderid}?${query}`);
      expect({ query, status: res.status() }).toEqual({ query, status: 200 });
      expect(await res.text()).not.toContain('Votre session avait expiré');
    }
  });

  it('lets a viewer read everything and change nothing', async () => {
    const viewer = await createTestOperator(stack.api, 'viewer');
    const viewerContext = await browser.newContext({ locale: 'fr-FR' });
    const viewerPage = await viewerContext.newPage();
    try {
      const orderid = await stack.createOrder({
        test_mode: false,
        syndic: { name: 'Cabinet Lecture', username: 'vendeur', password: 'secret-de-lecture' },
      });
      await assisted(orderid);
      await logInToConsole(viewerPage, stack.api.baseUrl, viewer);
      await viewerPage.goto(`${stack.api.baseUrl}/console/orders/${orderid}`);
      await waitForText(viewerPage, 'Votre rôle est en lecture seule');
      for (const action of [
        'Afficher les identifiants du vendeur',
        'Joindre les documents',
        'Passer en traitement assisté',
      ]) {
        expect(await viewerPage.getByRole('button', { name: action }).count()).toBe(0);
      }
      expect(await viewerPage.locator('form.statement fieldset[disabled]').count()).toBe(1);
      // Forged forms with the viewer's own valid session and token are refused by the services.
      const csrf = await viewerPage
        .locator('form[action="/console/logout"] input[name="_csrf"]')
        .inputValue();
      for (const [path, form] of [
        ['syndic-access', {}],
        ['release', {}],
        ['statement', { statementDate: '2026-11-20' }],
      ] as const) {
        const res = await viewerPage.request.post(`${stack.api.baseUrl}/console/orders/${orderid}/${path}`, {
          form: { _csrf: csrf, ...form },
          maxRedirects: 0,
        });
        expect({ path, status: res.status() }).toEqual({ path, status: 403 });
        const refusal = await res.text();
        expect(refusal).toContain('Votre rôle ne permet pas cette action');
        expect(refusal).not.toContain('secret-de-lecture');
      }
      expect(await viewerPage.content()).not.toContain('secret-de-lecture');
      expect(await auditOf(orderid)).toEqual([]);
    } finally {
      await viewerContext.close();
    }
  });
});

describe('operator console: sessions', () => {
  let api: ApiTestApp;
  let browser: Browser;

  beforeAll(async () => {
    api = await startApiTestApp({ env: { CONSOLE_SESSION_IDLE_TIMEOUT: '2s' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('ends a session left idle, and sends its operator back to the login page', async () => {
    const operator = await createTestOperator(api, 'operator');
    const page = await (await browser.newContext()).newPage();
    await logInToConsole(page, api.baseUrl, operator);
    await page.goto(`${api.baseUrl}/console`);
    expect(page.url()).toBe(`${api.baseUrl}/console`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await page.goto(`${api.baseUrl}/console`);
    expect(page.url()).toBe(`${api.baseUrl}/console/login?session=expiree`);
    await waitForText(page, 'Votre session a expiré');
    await saveScreenshot(page, 'console-session-expired');
  });

  it('refuses a wrong code, and keeps client API keys and console sessions apart', async () => {
    const operator = await createTestOperator(api, 'admin');
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${api.baseUrl}/console/login`);
    await page.getByLabel('Adresse e-mail').fill(operator.email);
    await page.getByLabel('Mot de passe').fill(operator.password);
    await page.getByLabel('Code de vérification').fill('000000');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await waitForText(page, 'Adresse e-mail, mot de passe ou code de vérification incorrect');
    expect(page.url()).toBe(`${api.baseUrl}/console/login`);
    // No session: the console sends to the login page; the API's routes want their own credentials.
    expect((await page.request.get(`${api.baseUrl}/console`, { maxRedirects: 0 })).status()).toBe(303);
    await logInToConsole(page, api.baseUrl, operator);
    expect((await page.request.get(`${api.baseUrl}/order/`)).status()).toBe(400);
  });
});
