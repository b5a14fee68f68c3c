import { orderWorkflowId } from '@libs/orders/order-id';
import { Webhook } from 'standardwebhooks';
import { extractPdfText } from '../support/pdf-text';
import { pdfBytes, uploadItem } from '../support/document-fixtures';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { waitFor } from '../support/wait-for';
import { recordWorkflowHistory } from '../support/workflow-history-recorder';

describe('order lifecycle: deadlines, uploads, the document and its notification', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack(
      { WAITING_DEADLINE: '3s', POLL_INTERVAL: '1s', REFRESH_WINDOW: '4s' },
      // Documents never appear on the extranet here: only the deadline or an upload ends a wait.
      { sandbox: { pollsBeforeDocumentsAppear: 1_000_000 } },
    );
  });
  afterAll(() => stack.close());

  const documentOf = async (orderid: string) => {
    const res = await fetch(`${stack.api.baseUrl}/order/${orderid}/document`, {
      headers: stack.account.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await res.arrayBuffer());
  };

  it('produces the pre-statement at the waiting deadline with the missing documents listed', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'sandbox-missing-docs', password: 'pw' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done', timeoutMs: 30_000 });
    expect(await stack.transitionsOf(orderid)).toEqual([
      '>confirmed',
      'confirmed>received',
      'received>waiting',
      'waiting>received',
      'received>done',
    ]);
    const [row] = (await stack.api.dataSource.query(
      `SELECT missing_doctypes FROM pre_statements WHERE orderid = $1`,
      [orderid],
    )) as { missing_doctypes: number[] }[];
    expect(row!.missing_doctypes.sort()).toEqual([2, 7]);
    const { text } = await extractPdfText(await documentOf(orderid));
    expect(text).toContain('Pré-état daté');
    // The minutes and the maintenance log never came: each meeting's minutes and the log are missing.
    const flat = text.replace(/\s+/g, ' ');
    for (const meeting of ['04/12/2025', '05/12/2024', '14/03/2024', '07/12/2023']) {
      expect(flat).toContain(`Procès-verbal de l’AG du ${meeting} manquant`);
    }
    expect(flat).toContain("Carnet d'entretien manquant");
    // The règlement is listed without saying whether it holds the EDD: that one is to check, not missing.
    expect(flat).toContain('État descriptif de division à vérifier');
    expect(flat).toMatch(/, 5 documents manquants, 1 à vérifier\./);
    expect(text).toContain('SPÉCIMEN');
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'waiting-deadline',
    );
  });

  it('runs an upload order end to end: waiting for a missing document, woken by its upload', async () => {
    const orderid = await stack.createOrder({
      method: 'upload',
      syndic: undefined,
      documents: [
        uploadItem({ doctype: 1, filename: 'fiche.pdf', content: pdfBytes('fiche').toString('base64') }),
        uploadItem({ doctype: 2, filename: 'pv-ag-2025.pdf', content: pdfBytes('pv').toString('base64') }),
        uploadItem({ doctype: 3, filename: 'reglement.pdf', content: pdfBytes('rcp').toString('base64') }),
      ],
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'waiting', { what: 'waiting' });
    const upload = await stack.http.post(
      `/order/${orderid}/documents`,
      {
        documents: [
          uploadItem({
            doctype: 7,
            filename: 'carnet-entretien.pdf',
            content: pdfBytes('carnet').toString('base64'),
          }),
        ],
      },
      stack.account.headers,
    );
    expect(upload.status).toBe(200);
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    expect(await stack.transitionsOf(orderid)).toEqual([
      '>confirmed',
      'confirmed>received',
      'received>waiting',
      'waiting>received',
      'received>done',
    ]);
    const { text } = await extractPdfText(await documentOf(orderid));
    expect(text).toContain('carnet-entretien.pdf');
    expect(text).toContain('pv-ag-2025.pdf');
    expect(text).toMatch(/4 documents fournis/);
    expect(text).not.toMatch(/non communiqué manquant/);
    await recordWorkflowHistory(stack.api.config.temporal.address, orderWorkflowId(orderid), 'upload-method');
  });

  it('carries the PDF in the signed done notification, honours lots and all_due_paid, and keeps the refresh comment', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'louise.bernard', password: 'pw' },
      all_due_paid: true,
      external_id: 'REF-77',
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    const done = await waitFor(() => stack.receiver.forOrder(orderid).find((w) => w.body.status === 'done'), {
      what: 'done notification',
    });
    // The receiver verifies the signature exactly as an integrator would.
    new Webhook(stack.account.webhookSecret).verify(done.raw, done.headers as Record<string, string>);
    expect(Object.keys(done.body)).toEqual(['status', 'orderid', 'external_id', 'content']);
    expect(done.body.external_id).toBe('REF-77');
    const pdf = await documentOf(orderid);
    expect(Buffer.from(String(done.body.content), 'base64').equals(pdf)).toBe(true);
    const { text } = await extractPdfText(pdf);
    // The seller of this sandbox co-ownership is in arrears: the declaration is stated, and flagged.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Le vendeur se déclare à jour de ses paiements (all_due_paid), mais son compte fait apparaître',
    );
    expect(text).toContain('REF-77');
  });

  it('refuses a refresh once the refresh window is over (409)', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'marc.petit', password: 'pw' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    const handle = stack.api.temporal.workflow.getHandle(`order-${orderid}`);
    await waitFor(async () => (await handle.describe()).status.name === 'COMPLETED', {
      what: 'closed',
      timeoutMs: 20_000,
    });
    const refresh = await stack.http.post(
      `/order/${orderid}/refresh`,
      { method: 'extranet', comment: 'trop tard' },
      stack.account.headers,
    );
    expect(refresh.status).toBe(409);
    expect(refresh.json).toEqual({ message: 'La commande est clôturée', payload: null, success: false });
  });
});
