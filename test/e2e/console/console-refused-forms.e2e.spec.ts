import { createHash } from 'node:crypto';
import { type Page, type Response } from 'playwright-core';
import { notificationRedeliveryWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderRepository } from '@libs/orders/order.repository';
import { type ApiTestApp, startApiTestApp } from '../../support/api-test-app';
import { saveScreenshot, waitForText } from '../../support/browser';
import { closedPort } from '../../support/closed-port';
import {
  type ConsoleBrowserStack,
  createTestOperator,
  logInToConsole,
  startConsoleBrowserStack,
  type TestOperator,
  totpCode,
} from '../../support/console-operators';
import { pdfBytes, uploadItem } from '../../support/document-fixtures';
import { type LifecycleStack } from '../../support/lifecycle-stack';
import { createTestAccount, signIn } from '../../support/test-accounts';
import { waitFor } from '../../support/wait-for';

/**
 * What an operator sees when the console refuses a form, in a real browser against the real stack: the
 * page comes back with what was typed and says, in French, what to correct; and when Temporal cannot be
 * reached, nothing is said to be done that was not. Screenshots under var/screenshots/.
 */
describe('operator console: refused forms and outages', () => {
  let consoleStack: ConsoleBrowserStack;
  let stack: LifecycleStack;
  let page: Page;

  beforeAll(async () => {
    consoleStack = await startConsoleBrowserStack('operator');
    ({ stack, page } = consoleStack);
  });
  afterAll(() => consoleStack?.close());

  const orders = () => new OrderRepository(stack.api.dataSource);
  const orderPage = (orderid: string) => `${stack.api.baseUrl}/console/orders/${orderid}`;
  const auditOf = async (orderid: string) =>
    (
      (await stack.api.dataSource.query(`SELECT action FROM operator_audit WHERE orderid = $1 ORDER BY id`, [
        orderid,
      ])) as { action: string }[]
    ).map((row) => row.action);
  const assistedOrder = async (overrides: Record<string, unknown> = {}) => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Cabinet Sans Connecteur', username: 'vendeur', password: 'secret-vendeur' },
      ...overrides,
    });
    await waitFor(async () => (await orders().findById(orderid))?.fulfilmentMode === 'assisted', {
      what: `order ${orderid} assisted`,
    });
    return orderid;
  };
  /** The client refreshes the order: a new collection round, handed to operators again. */
  const refreshed = async (orderid: string) => {
    const round = (await orders().findById(orderid))!.version;
    const res = await stack.http.post(`/order/${orderid}/refresh`, {}, stack.account.headers);
    expect(res.status).toBe(200);
    await waitFor(
      async () => {
        const order = await orders().findById(orderid);
        return order?.version === round + 1 && order.fulfilmentMode === 'assisted';
      },
      { what: `order ${orderid} refreshed and assisted again` },
    );
  };
  /** Clicks a form's button and returns the answer to its POST. */
  const submit = async (button: string): Promise<Response> => {
    const answer = page.waitForResponse((res) => res.request().method() === 'POST');
    await page.getByRole('button', { name: button }).click();
    return answer;
  };
  /** Clicks _Renvoyer_ on the notification row of `status` and returns the answer to its POST. */
  const redeliver = async (status: string): Promise<Response> => {
    const answer = page.waitForResponse((res) => res.request().method() === 'POST');
    await page
      .locator('#notifications tr', { hasText: status })
      .getByRole('button', { name: 'Renvoyer' })
      .click();
    return answer;
  };
  const valueOf = (name: string) => page.locator(`[name="${name}"]`).inputValue();

  /** A document of round 1 as a connector collects it from the extranet: not carried to round 2. */
  const extranetDocument = async (orderid: string, title: string) => {
    const content = pdfBytes(title);
    const storageKey = `console-refused-forms/${orderid}/${title}`;
    await stack.api.documentStore.put(storageKey, content);
    return new StoredDocumentRepository(stack.api.dataSource).insertIfAbsent({
      orderid,
      orderVersion: 1,
      source: 'extranet',
      sourceRef: title,
      doctype: 1,
      kind: null,
      title,
      filename: title,
      documentDate: null,
      mimetype: 'application/pdf',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      storageKey,
    });
  };
  /** Files a first statement whose one value cites `source`. */
  const fileFirstStatement = async (orderid: string, source: number) => {
    await page.goto(orderPage(orderid));
    await page.locator('[name="statementDate"]').fill('2026-11-20');
    await page.locator('[name="coOwnership.name.value"]').fill('Résidence des Tilleuls');
    await page.locator('[name="coOwnership.name.source"]').selectOption(String(source));
    expect((await submit('Enregistrer le relevé de compte')).status()).toBe(303);
    await waitForText(page, 'Relevé de compte enregistré.');
  };

  it('keeps a refused statement as typed, each problem beside its field and worded with its label', async () => {
    const orderid = await assistedOrder();
    const extranet = await extranetDocument(orderid, 'fiche-extranet.pdf');
    await fileFirstStatement(orderid, extranet.id);

    // The client refreshes: round 2 has no copy of round 1's extranet document. The page offers round
    // 1's statement as the starting point, its source a document of no round the page shows.
    await refreshed(orderid);
    await page.goto(orderPage(orderid));
    await page.locator('[name="coOwnership.name.value"]').fill('Résidence des Tilleuls (bâtiment B)');
    await page.locator('[name="sellerBalance.value"]').fill('3 210,99');
    const refused = await submit('Enregistrer le relevé de compte');

    expect(refused.status()).toBe(400);
    await waitForText(page, 'Le formulaire n’est pas enregistré');
    expect(await valueOf('coOwnership.name.value')).toBe('Résidence des Tilleuls (bâtiment B)');
    expect(await valueOf('sellerBalance.value')).toBe('3 210,99');
    expect(await valueOf('statementDate')).toBe('2026-11-20');
    const field = page.locator('.field.invalid', { has: page.locator('[name="coOwnership.name.value"]') });
    expect(await field.locator('.error-text').innerText()).toContain(
      `Le champ « Nom de la copropriété » cite le document n° ${extranet.id}`,
    );
    expect(await page.content()).not.toContain("'coOwnership");
    await saveScreenshot(page, 'console-statement-refused');
    expect(await auditOf(orderid)).toEqual(['statement_filed']);
  });

  describe('a session that changes or ends while the operator types', () => {
    /** An operator of their own, logged in in a browser context of their own (its TOTP step 0). */
    const asOwnOperator = async (run: (typing: Page, operator: TestOperator) => Promise<void>) => {
      const operator = await createTestOperator(stack.api, 'operator');
      const context = await consoleStack.browser.newContext({ locale: 'fr-FR' });
      try {
        const typing = await context.newPage();
        await logInToConsole(typing, stack.api.baseUrl, operator);
        await run(typing, operator);
      } finally {
        await context.close();
      }
    };
    const typeStatement = async (typing: Page, orderid: string, values: Record<string, string>) => {
      await typing.goto(orderPage(orderid));
      for (const [name, value] of Object.entries(values))
        await typing.locator(`[name="${name}"]`).fill(value);
    };
    const expectTyped = async (typing: Page, values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) {
        expect(await typing.locator(`[name="${name}"]`).inputValue()).toBe(value);
      }
    };
    const submitStatement = async (typing: Page): Promise<Response> => {
      const answer = typing.waitForResponse((res) => res.request().method() === 'POST');
      await typing.getByRole('button', { name: 'Enregistrer le relevé de compte' }).click();
      return answer;
    };
    /** The operator typed for longer than the idle timeout. */
    const endSessionsOf = (operator: TestOperator) =>
      stack.api.dataSource.query(
        `UPDATE operator_sessions SET last_seen_at = now() - interval '1 day'
          WHERE operator_id = (SELECT id FROM operators WHERE email = $1)`,
        [operator.email],
      );

    it('keeps a statement typed on a page of an earlier session, logged out and in again in another tab', async () => {
      await asOwnOperator(async (typing, operator) => {
        const orderid = await assistedOrder();
        const values = {
          statementDate: '2026-11-20',
          'coOwnership.name.value': 'Résidence des Deux Onglets',
          'sellerBalance.value': '2 468,10',
        };
        await typeStatement(typing, orderid, values);

        // Meanwhile, in another tab: logged out, and in again (the next TOTP step), a new session.
        const other = await typing.context().newPage();
        await other.goto(`${stack.api.baseUrl}/console`);
        await other.getByRole('button', { name: 'Se déconnecter' }).click();
        await other.waitForURL(/deconnecte/);
        await logInToConsole(other, stack.api.baseUrl, operator, 1);

        expect((await submitStatement(typing)).status()).toBe(403);
        await waitForText(typing, 'venait d’une page affichée avant votre dernière connexion');
        await expectTyped(typing, values);
        await saveScreenshot(typing, 'console-statement-stale-form');
        expect(await auditOf(orderid)).toEqual([]);
        expect((await orders().findById(orderid))!.statement).toBeNull();

        // The page came back with the new session's token: sent again, it is filed.
        expect((await submitStatement(typing)).status()).toBe(303);
        await waitForText(typing, 'Relevé de compte enregistré.');
        expect(await auditOf(orderid)).toEqual(['statement_filed']);
      });
    });

    it('keeps a statement sent once the session had ended, and gives it back as typed after the login', async () => {
      await asOwnOperator(async (typing, operator) => {
        const orderid = await assistedOrder();
        const values = {
          statementDate: '2026-11-21',
          'coOwnership.name.value': 'Résidence du Long Relevé',
          'sellerBalance.value': '1 357,90',
        };
        await typeStatement(typing, orderid, values);
        await endSessionsOf(operator);

        expect((await submitStatement(typing)).status()).toBe(303);
        await typing.waitForURL(/\/console\/login\?session=expiree&brouillon=[0-9a-f-]{36}$/);
        await waitForText(typing, 'le formulaire envoyé n’est pas enregistré, mais il est conservé');
        expect(await auditOf(orderid)).toEqual([]);
        await typing.getByLabel('Adresse e-mail').fill(operator.email);
        await typing.getByLabel('Mot de passe').fill(operator.password);
        await typing.getByLabel('Code de vérification').fill(totpCode(operator, 1));
        await typing.getByRole('button', { name: 'Se connecter' }).click();

        await typing.waitForURL(new RegExp(`/console/orders/${orderid}\\?brouillon=`));
        await waitForText(typing, 'Votre session avait expiré quand vous avez envoyé ce formulaire');
        await expectTyped(typing, values);
        await saveScreenshot(typing, 'console-statement-kept-across-login');
        expect((await orders().findById(orderid))!.statement).toBeNull();
        const kept = typing.url();

        expect((await submitStatement(typing)).status()).toBe(303);
        await waitForText(typing, 'Relevé de compte enregistré.');
        expect(await auditOf(orderid)).toEqual(['statement_filed']);
        // Given back once: the same address again is the order's page.
        await typing.goto(kept);
        expect(await typing.content()).not.toContain('Votre session avait expiré');
      });
    });

    it('keeps nothing of a form sent with an ended session by a page that does not say where it comes from', async () => {
      await asOwnOperator(async (typing, operator) => {
        const orderid = await assistedOrder();
        await endSessionsOf(operator);
        const refused = await typing.request.post(`${orderPage(orderid)}/statement`, {
          form: { 'coOwnership.name.value': 'Valeur glissée' },
          maxRedirects: 0,
        });
        expect(refused.status()).toBe(303);
        expect(refused.headers().location).toBe('/console/login?session=expiree');
        const kept = await stack.api.dataSource.query(
          `SELECT 1 FROM console_form_drafts WHERE operator_id = (SELECT id FROM operators WHERE email = $1)`,
          [operator.email],
        );
        expect(kept).toEqual([]);
      });
    });
  });

  it('does not show again a form sent without its token by a page that does not say where it comes from', async () => {
    const orderid = await assistedOrder();
    const refused = await page.request.post(`${orderPage(orderid)}/statement`, {
      form: { _csrf: 'not-the-token', 'coOwnership.name.value': 'Valeur glissée par un autre site' },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('Formulaire expiré ou d’une autre origine');
    expect(await refused.text()).not.toContain('Valeur glissée');
  });

  it('offers a previous round’s statement citing the copies the new round holds, so it files as it is', async () => {
    const orderid = await assistedOrder({
      documents: [
        uploadItem({ doctype: 1, filename: 'appel.pdf', content: pdfBytes('appel').toString('base64') }),
      ],
    });
    const documents = new StoredDocumentRepository(stack.api.dataSource);
    const [round1] = await documents.listForOrderVersion(orderid, 1);
    await fileFirstStatement(orderid, round1!.id);

    // The client refreshes: its upload is carried to round 2, under another id.
    await refreshed(orderid);
    const [round2] = await documents.listForOrderVersion(orderid, 2);
    expect(round2!.id).not.toBe(round1!.id);
    await page.goto(orderPage(orderid));
    expect(await valueOf('coOwnership.name.source')).toBe(String(round2!.id));
    expect((await submit('Enregistrer le relevé de compte')).status()).toBe(303);
    await waitForText(page, 'Relevé de compte enregistré.');
    const filed = (await orders().findById(orderid))!;
    expect(filed.statementVersion).toBe(2);
    expect((filed.statement as { coOwnership: { name: { source: number } } }).coOwnership.name.source).toBe(
      round2!.id,
    );
  });

  it('keeps the reason typed for a cancellation refused because the client refreshed the order meanwhile', async () => {
    const orderid = await assistedOrder();
    await page.goto(orderPage(orderid));
    const reason = 'Doublon du dossier 2026-118 : à fermer après accord de l’étude';
    await page.locator('#motif').fill(reason);
    await refreshed(orderid);
    const refused = await submit('Annuler le traitement');

    expect(refused.status()).toBe(409);
    await waitForText(page, 'La commande a été actualisée entre-temps');
    expect(await page.locator('#motif').inputValue()).toBe(reason);
    expect((await orders().findById(orderid))!.cancelledAt).toBeNull();
    expect(await auditOf(orderid)).toEqual([]);
  });

  it('says what is wrong with a cancellation’s reason as typed, instead of an invalid request', async () => {
    const orderid = await assistedOrder();
    await page.goto(orderPage(orderid));
    // Spaces pass the browser's `required`.
    await page.locator('#motif').fill('   ');
    expect((await submit('Annuler le traitement')).status()).toBe(400);
    const notice = await page.locator('.notice.error').innerText();
    expect(notice).toContain('Le motif de l’annulation est obligatoire');
    expect(notice).not.toContain('La demande est incomplète ou invalide');

    // Longer than the form lets one type: sent by hand.
    const csrf = await page.locator('form[action="/console/logout"] input[name="_csrf"]').inputValue();
    const long = await page.request.post(`${orderPage(orderid)}/cancel`, {
      form: { _csrf: csrf, motif: 'x'.repeat(1001) },
      maxRedirects: 0,
    });
    expect(long.status()).toBe(400);
    expect(await long.text()).toContain('Le motif de l’annulation dépasse 1\u202f000 caractères');
    expect((await orders().findById(orderid))!.cancelledAt).toBeNull();
    expect(await auditOf(orderid)).toEqual([]);
  });

  it('answers the address of a refused form, asked again from the address bar, with the order’s page', async () => {
    const orderid = await assistedOrder();
    await page.goto(orderPage(orderid));
    await page.locator('#motif').fill('   ');
    expect((await submit('Annuler le traitement')).status()).toBe(400);
    expect(page.url()).toBe(`${orderPage(orderid)}/cancel`);
    // Enter in the address bar, a bookmark, a link sent to a colleague: a GET of the form's address.
    const again = await page.goto(page.url());
    expect(again!.status()).toBe(200);
    expect(page.url()).toBe(orderPage(orderid));
    await page.getByRole('heading', { name: `Commande ${orderid}` }).waitFor();
  });

  it('words refused attachments for an operator, by file name, and keeps the kinds chosen', async () => {
    const orderid = await assistedOrder();
    await page.goto(orderPage(orderid));
    await page.locator('[name="fichier_1"]').setInputFiles({
      name: 'devis-travaux.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK\u0003\u0004 un document Word'),
    });
    await page.locator('[name="nature_1"]').selectOption('minutes');
    await page.locator('[name="fichier_2"]').setInputFiles({
      name: 'scan-tronqué.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n(coupé en route'),
    });
    await page.locator('[name="nature_2"]').selectOption('summary-sheet');
    const refused = await submit('Joindre les documents');

    expect(refused.status()).toBe(400);
    const notice = await page.locator('.notice.error').innerText();
    expect(notice).toContain('« devis-travaux.docx »');
    expect(notice).toContain('« scan-tronqué.pdf »');
    expect(notice).not.toMatch(/documents\[|Le champ|mimetype|Document n°0/);
    // A browser never puts the files back: the page says so.
    expect(notice).toContain('choisissez-les de nouveau');
    expect(await valueOf('nature_1')).toBe('minutes');
    expect(await valueOf('nature_2')).toBe('summary-sheet');
    await saveScreenshot(page, 'console-attachments-refused');

    // No file chosen at all.
    await submit('Joindre les documents');
    expect(await page.locator('.notice.error').innerText()).toContain('Choisissez au moins un fichier');
    const stored = await new StoredDocumentRepository(stack.api.dataSource).listForOrderVersion(orderid, 1);
    expect(stored.filter((document) => document.source === 'operator')).toEqual([]);
    expect(await auditOf(orderid)).toEqual([]);
  });

  it('refuses an empty file chosen with others instead of leaving it out unsaid', async () => {
    const orderid = await assistedOrder();
    await page.goto(orderPage(orderid));
    await page.locator('[name="fichier_1"]').setInputFiles({
      name: 'fiche.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes('fiche'),
    });
    await page.locator('[name="fichier_2"]').setInputFiles({
      name: 'pv-vide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(0),
    });
    expect((await submit('Joindre les documents')).status()).toBe(400);
    expect(await page.locator('.notice.error').innerText()).toContain('« pv-vide.pdf »');
    const stored = await new StoredDocumentRepository(stack.api.dataSource).listForOrderVersion(orderid, 1);
    expect(stored.filter((document) => document.source === 'operator')).toEqual([]);
  });

  it('refuses a redelivery, on the order page, while neither the order nor its account has a callback URL', async () => {
    // It answered "Notification renvoyée" and audited it, while all it could do was not send it again.
    const withoutUrl = await signIn(stack.api, await createTestAccount(stack.api));
    const orderid = await stack.createOrder({ test_mode: true }, withoutUrl);
    const confirmed = await waitFor(
      async () =>
        (
          (await stack.api.dataSource.query(
            `SELECT id FROM notifications WHERE orderid = $1 AND status = 'confirmed' AND not_sent_at IS NOT NULL`,
            [orderid],
          )) as { id: string }[]
        )[0],
      { what: 'confirmed not sent' },
    );
    // No _Renvoyer_ while there is nothing to send to.
    await page.goto(`${orderPage(orderid)}#notifications`);
    const row = page.locator('#notifications tr', { hasText: 'confirmed' });
    expect(await row.innerText()).toContain('Aucune URL de rappel');
    expect(await row.getByRole('button', { name: 'Renvoyer' }).count()).toBe(0);
    await saveScreenshot(page, 'console-notification-without-callback-url');

    // A page read while the account had a URL, clicked once it has none: refused, not said to be sent.
    const account = `SELECT account_id FROM orders WHERE orderid = $1`;
    await stack.api.dataSource.query(
      `UPDATE accounts SET callback_url = 'https://etude.example.fr/hook' WHERE id = (${account})`,
      [orderid],
    );
    await page.reload(); // the same address with its fragment: goto would only scroll
    expect(await row.getByRole('button', { name: 'Renvoyer' }).count()).toBe(1);
    await stack.api.dataSource.query(`UPDATE accounts SET callback_url = NULL WHERE id = (${account})`, [
      orderid,
    ]);
    expect((await redeliver('confirmed')).status()).toBe(409);
    await waitForText(
      page,
      'Ni la commande ni le compte n’ont d’URL de rappel : la notification ne peut pas être envoyée.',
    );
    expect(await page.locator('h1').innerText()).toContain(orderid);
    expect(await page.content()).not.toContain('Notification renvoyée');
    await saveScreenshot(page, 'console-redelivery-no-callback-url');
    expect(await auditOf(orderid)).toEqual([]);
    await expect(
      stack.api.temporal.workflow.getHandle(notificationRedeliveryWorkflowId(confirmed.id)).describe(),
    ).rejects.toMatchObject({ name: 'WorkflowNotFoundError' });
  });

  describe('with Temporal unreachable', () => {
    // An API process of the same stack that cannot reach Temporal; the operator's session is the
    // database's, valid there too.
    let down: ApiTestApp;
    beforeAll(async () => {
      down = await startApiTestApp({
        // Two tries, not the default's 20 s of them: the answer is the same 503.
        env: {
          ...stack.env,
          TEMPORAL_ADDRESS: `127.0.0.1:${await closedPort()}`,
          TEMPORAL_CLIENT_MAX_ATTEMPTS: '2',
        },
      });
    });
    afterAll(() => down?.close());

    it('audits a redelivery once it is queued: a 503 and no entry, then sent and audited', async () => {
      const orderid = await assistedOrder();
      await waitFor(() => stack.receiver.forOrder(orderid).length > 0, { what: 'confirmed delivered' });
      await page.goto(`${down.baseUrl}/console/orders/${orderid}#notifications`);
      expect((await redeliver('confirmed')).status()).toBe(503);
      await waitForText(page, 'Service temporairement indisponible');
      expect(await page.content()).not.toContain('Notification renvoyée');
      expect(await auditOf(orderid)).toEqual([]);
      const triggers = (await orders().listEvents(orderid)).map((event) => event.trigger);
      expect(triggers).not.toContain('operator:notification_redelivered');

      // Temporal reachable: sent again, and audited.
      await page.goto(`${orderPage(orderid)}#notifications`);
      expect((await redeliver('confirmed')).status()).toBe(303);
      await waitForText(page, 'Notification renvoyée.');
      await waitFor(() => stack.receiver.forOrder(orderid).length === 2, { what: 'confirmed sent again' });
      expect(await auditOf(orderid)).toEqual(['notification_redelivered']);
    });

    it('keeps a statement typed when it cannot be filed, to be sent again once Temporal is back', async () => {
      const orderid = await assistedOrder();
      await page.goto(`${down.baseUrl}/console/orders/${orderid}`);
      await page.locator('[name="statementDate"]').fill('2026-11-20');
      await page.locator('[name="coOwnership.name.value"]').fill('Résidence de la Panne');
      await page.locator('[name="sellerBalance.value"]').fill('1 500,00');
      const refused = await submit('Enregistrer le relevé de compte');

      expect(refused.status()).toBe(503);
      await waitForText(page, 'Service temporairement indisponible');
      expect(await valueOf('coOwnership.name.value')).toBe('Résidence de la Panne');
      expect(await valueOf('sellerBalance.value')).toBe('1 500,00');
      expect((await orders().findById(orderid))!.statement).toBeNull();
      expect(await auditOf(orderid)).toEqual([]);
    });
  });
});
