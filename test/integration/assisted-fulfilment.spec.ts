import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { OperatorActionRecorder } from '@libs/fulfilment/operator-action.recorder';
import { OperatorActionsService } from '@libs/fulfilment/operator-actions.service';
import { OperatorAuditRepository } from '@libs/fulfilment/operator-audit.repository';
import { TemporalFulfilmentGateway } from '@libs/fulfilment/temporal-fulfilment.gateway';
import { WorkQueueRepository } from '@libs/fulfilment/work-queue.repository';
import { type OperatorIdentity } from '@libs/operators/operator-identity';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { UploadedDocumentWriter } from '@libs/orders/documents/uploaded-document.writer';
import { orderWorkflowId } from '@libs/orders/order-id';
import { OrderRepository } from '@libs/orders/order.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { type AccountStatement } from '@libs/statement/account-statement';
import { pdfBytes, uploadItem } from '../support/document-fixtures';
import { filesUnder } from '../support/stored-files';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { extractPdfText } from '../support/pdf-text';
import { buildAccountStatement } from '../support/pre-statement-input.factory';
import { waitFor } from '../support/wait-for';
import { recordWorkflowHistory } from '../support/workflow-history-recorder';
import { workflowTaskFailures } from '../support/workflow-task-failures';

/**
 * A syndic's extranet that fails (500) while `failing`, and otherwise passes every request on to a real
 * one (the sandbox's protocol): a connector that fails for good, then recovers.
 */
async function startFlakyExtranet(upstream: string) {
  const state = { failing: true, requests: 0 };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      fetch(new URL(req.url ?? '/', upstream), {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }).then(
        async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Assisted fulfilment through the real workflow, API services and PostgreSQL: every way an order reaches
 * operators, every action they take, what the workflow's validators refuse, and what clients see (the
 * published states and their notifications only).
 */
describe('assisted fulfilment (operators, Temporal updates)', () => {
  let stack: LifecycleStack;
  let actions: OperatorActionsService;
  let queue: WorkQueueRepository;
  let flaky: Awaited<ReturnType<typeof startFlakyExtranet>>;
  const operator: OperatorIdentity = {
    id: randomUUID(),
    email: 'agent@prestataire.example',
    role: 'operator',
  };
  const viewer: OperatorIdentity = { id: randomUUID(), email: 'lecteur@prestataire.example', role: 'viewer' };

  beforeAll(async () => {
    stack = await startLifecycleStack({
      // Waiting orders stay waiting unless an upload or a person ends it.
      POLL_INTERVAL: '1h',
      ASSIST_AFTER_CREDENTIALS_REFUSED: '2s',
      EXTRANET_ACTIVITY_TIMEOUT: '2s',
      EXTRANET_GIVE_UP_AFTER: '4s',
      // The worker's sweep of abandoned attachments, often; the tests backdate what it should find.
      ATTACHMENT_SWEEP_INTERVAL: '300ms',
      ATTACHMENT_SWEEP_GRACE: '30m',
    });
    flaky = await startFlakyExtranet(stack.syndicExtranetUrl);
    const ds = stack.api.dataSource;
    actions = actionsThrough(new TemporalFulfilmentGateway(stack.api.temporal));
    queue = new WorkQueueRepository(ds);
  });
  afterAll(async () => {
    await stack?.close();
    await flaky?.close();
  });

  /** The console's actions, each asking the order's workflow through `gateway`. */
  function actionsThrough(gateway: TemporalFulfilmentGateway): OperatorActionsService {
    const ds = stack.api.dataSource;
    const orders = new OrderRepository(ds);
    const documents = new StoredDocumentRepository(ds);
    return new OperatorActionsService(
      orders,
      documents,
      gateway,
      new UploadedDocumentWriter(documents, stack.api.documentStore, new TransactionRunner(ds)),
      new OperatorActionRecorder(
        new TransactionRunner(ds),
        orders,
        documents,
        new OperatorAuditRepository(ds),
      ),
      // The console's redelivery is the API's (tested with it); the browser test clicks it.
      { redeliver: () => Promise.reject(new Error('not used here')) },
      stack.api.security.secretBox,
    );
  }
  const order = async (orderid: string) =>
    (await new OrderRepository(stack.api.dataSource).findById(orderid))!;
  const assistedFor = (orderid: string, reason: string) =>
    waitFor(async () => (await order(orderid)).assistanceReason === reason, { what: `assisted: ${reason}` });
  const stateChanges = async (orderid: string) =>
    (await stack.transitionsOf(orderid)).filter((change) => {
      const [from, to] = change.split('>');
      return from !== to;
    });
  const notified = (orderid: string) =>
    stack.receiver.forOrder(orderid).map((webhook) => webhook.body.status);
  const auditActions = async (orderid: string) =>
    (
      (await stack.api.dataSource.query(`SELECT action FROM operator_audit WHERE orderid = $1 ORDER BY id`, [
        orderid,
      ])) as { action: string }[]
    ).map((row) => row.action);
  const statement = (name: string): AccountStatement => {
    const filed = buildAccountStatement();
    return {
      ...filed,
      filedBy: 'operator',
      // Kinds the connector's statement says do not exist would hide what the tests leave missing.
      documentsNotExisting: { status: 'confirmed', value: [], source: null },
      coOwnership: { ...filed.coOwnership, name: { status: 'confirmed', value: name, source: null } },
    };
  };
  const allRequired = () => ({
    documents: [1, 2, 3, 7].map((doctype) =>
      uploadItem({
        doctype,
        filename: `piece-${doctype}.pdf`,
        content: pdfBytes(`piece ${doctype}`).toString('base64'),
      }),
    ),
  });
  const id = () => randomUUID();

  /** A live order no connector serves, in the operators' queue; `extra` adds to its creation body. */
  async function noConnectorOrder(extra: Record<string, unknown> = {}): Promise<string> {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
      ...extra,
    });
    await assistedFor(orderid, 'no_connector');
    return orderid;
  }

  /** A live order its connector collected, now waiting for documents its extranet does not show yet. */
  async function waitingAutomaticOrder(): Promise<string> {
    // The extranet holds documents back from this user until one listing: start from none.
    expect((await fetch(`${stack.syndicExtranetUrl}/__admin/reset`, { method: 'POST' })).status).toBe(200);
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: {
        name: 'Foncia',
        username: 'sandbox-missing-docs',
        password: 'mdp',
        url: stack.syndicExtranetUrl,
      },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'waiting', {
      what: 'waiting for documents',
    });
    return orderid;
  }

  it('hands refused credentials to operators once no corrected refresh came in time, and finishes with what they file', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: {
        name: 'Foncia',
        username: 'sandbox-bad-credentials',
        password: 'mauvais',
        url: stack.syndicExtranetUrl,
      },
      ...allRequired(),
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'waiting', { what: 'waiting (refused)' });
    await assistedFor(orderid, 'credentials_refused');
    expect((await queue.list({ limit: 500, offset: 0 })).items.map((item) => item.orderid)).toContain(
      orderid,
    );

    // A value's source is one of the order's documents of this round, as the console offers them: a
    // crafted form citing another order's document, or none, is refused, naming the field.
    const [ownDocument] = await new StoredDocumentRepository(stack.api.dataSource).listForOrderVersion(
      orderid,
      1,
    );
    const citing = (source: number): AccountStatement => {
      const filed = statement('Résidence des Refusés');
      return { ...filed, coOwnership: { ...filed.coOwnership, name: { ...filed.coOwnership.name, source } } };
    };
    await expect(actions.fileStatement(operator, orderid, citing(2_000_000_000), id())).rejects.toMatchObject(
      {
        code: 'validation_failed',
        detailText: expect.stringMatching(
          /^Le champ 'coOwnership\.name\.source' cite le document n° 2000000000,/,
        ),
      },
    );
    expect(await stack.stateOf(orderid)).toBe('waiting');
    await actions.fileStatement(operator, orderid, citing(ownDocument!.id), id());
    expect(await stack.stateOf(orderid)).toBe('received');
    expect((await order(orderid)).statement).toMatchObject({
      coOwnership: { name: { source: ownDocument!.id } },
    });
    await actions.release(operator, orderid, id());
    expect(await stack.stateOf(orderid)).toBe('done');

    expect(await stateChanges(orderid)).toEqual([
      '>confirmed',
      'confirmed>waiting',
      'waiting>received',
      'received>done',
    ]);
    await waitFor(() => notified(orderid).length === 4, { what: 'four notifications' });
    expect(notified(orderid)).toEqual(['confirmed', 'waiting', 'received', 'done']);
    const text = (await extractPdfText(await stack.api.documentStore.get((await preStatementKey(orderid))!)))
      .text;
    expect(text).toContain('Résidence des Refusés');
    expect((await queue.list({ limit: 500, offset: 0 })).items.map((item) => item.orderid)).not.toContain(
      orderid,
    );
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'assisted-after-credentials-refused',
    );
  });

  it('hands an order whose connector keeps failing to operators, and back to it once it works again', async () => {
    flaky.state.failing = true;
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Cabinet Instable', username: 'marie.dupont', password: 'mdp', url: flaky.url },
    });
    await assistedFor(orderid, 'connector_failed');
    const assisted = await order(orderid);
    expect(assisted.state).toBe('confirmed');
    expect(assisted.assistanceDetail).toMatch(/^verifyExtranetLogin: /);
    expect(flaky.state.requests).toBeGreaterThan(1);

    flaky.state.failing = false;
    const status = await actions.handBack(operator, orderid, id());
    expect(status.fulfilment).toBe('automatic');
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done by the connector' });
    expect(await stateChanges(orderid)).toEqual(['>confirmed', 'confirmed>received', 'received>done']);
    expect((await order(orderid)).fulfilmentMode).toBe('automatic');
    expect(await auditActions(orderid)).toEqual(['handed_back']);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'connector-failed-then-handed-back',
    );
  });

  it('lets an operator take over a waiting automatic order; the client’s upload completes it, the operator releases', async () => {
    const orderid = await waitingAutomaticOrder();
    await expect(actions.release(operator, orderid, id())).rejects.toMatchObject({
      code: 'operator_action_refused',
      details: { refusal: 'not_assisted' },
    });
    // Documents attached to an order operators do not have are refused, and never join it.
    const carnet = {
      kind: 'maintenance-log' as const,
      filename: 'carnet.pdf',
      contentType: 'application/pdf',
      content: pdfBytes('carnet'),
    };
    await expect(actions.attachDocuments(operator, orderid, [carnet], id())).rejects.toMatchObject({
      details: { refusal: 'not_assisted' },
    });
    const documents = new StoredDocumentRepository(stack.api.dataSource);
    expect((await documents.listForOrderVersion(orderid, 1)).map((d) => d.filename)).not.toContain(
      'carnet.pdf',
    );
    expect(await auditActions(orderid)).toEqual([]);

    await actions.switchToAssisted(operator, orderid, 'Le syndic envoie les PV par courrier', id());
    expect((await order(orderid)).assistanceReason).toBe('operator_switch');
    await actions.attachDocuments(operator, orderid, [carnet], id());
    expect((await documents.listForOrderVersion(orderid, 1)).map((d) => d.filename)).toContain('carnet.pdf');

    const upload = await stack.http.post(
      `/order/${orderid}/documents`,
      {
        documents: [2].map((doctype) =>
          uploadItem({
            doctype,
            filename: `client-${doctype}.pdf`,
            content: pdfBytes('client').toString('base64'),
          }),
        ),
      },
      stack.account.headers,
    );
    expect(upload.status).toBe(200);
    await waitFor(async () => (await stack.stateOf(orderid)) === 'received', {
      what: 'received after the upload',
    });
    await actions.release(operator, orderid, id());
    expect(await stack.stateOf(orderid)).toBe('done');
    expect(await stateChanges(orderid)).toEqual([
      '>confirmed',
      'confirmed>received',
      'received>waiting',
      'waiting>received',
      'received>done',
    ]);
    // The connector's statement served: operators only take over what is left.
    expect(((await order(orderid)).statement as AccountStatement).filedBy).toBe('connector');
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'switched-to-assisted-then-released',
    );
  });

  it('takes back the rows and files of an attachment the workflow refuses, not those of one it may still apply', async () => {
    // The files and their pending rows were written before the workflow was asked, and stayed when it
    // refused: under an order that never took them, for every refused form.
    const storedAttachments = async (orderid: string) =>
      (
        (await stack.api.dataSource.query(
          `SELECT kind, pending FROM documents WHERE orderid = $1 AND source = 'operator' ORDER BY id`,
          [orderid],
        )) as { kind: string; pending: boolean }[]
      ).map((row) => `${row.kind}${row.pending ? ' (pending)' : ''}`);
    const attachedFiles = async (orderid: string) =>
      (await filesUnder(stack.api, `orders/${orderid}`)).filter((key) => key.includes('/operator-'));
    const file = (kind: 'maintenance-log' | 'minutes', marker: string) => ({
      kind,
      filename: `${kind}.pdf`,
      contentType: 'application/pdf',
      content: pdfBytes(marker),
    });

    // Refused by the workflow's rules: the order is not the operators'.
    const automatic = await waitingAutomaticOrder();
    await expect(
      actions.attachDocuments(operator, automatic, [file('maintenance-log', 'refusé')], id()),
    ).rejects.toMatchObject({ details: { refusal: 'not_assisted' } });
    expect(await storedAttachments(automatic)).toEqual([]);
    expect(await attachedFiles(automatic)).toEqual([]);

    // Refused once the order was cancelled; its file is also the carnet's, attached before: it stays.
    const orderid = await noConnectorOrder();
    await actions.attachDocuments(operator, orderid, [file('maintenance-log', 'partagé')], id());
    const [kept] = await attachedFiles(orderid);
    await actions.cancel(operator, orderid, 'Doublon', id());
    await expect(
      actions.attachDocuments(operator, orderid, [file('minutes', 'partagé'), file('minutes', 'seul')], id()),
    ).rejects.toMatchObject({ details: { refusal: 'order_cancelled' } });
    expect(await storedAttachments(orderid)).toEqual(['maintenance-log']);
    expect(await attachedFiles(orderid)).toEqual([kept]);
    expect(await stack.api.documentStore.get(kept!)).toEqual(pdfBytes('partagé'));

    // Taken by Temporal but not applied in time: it may still apply, so what it names is kept.
    const later = await noConnectorOrder();
    // With a deadline shorter than the worker's absence.
    const impatient = actionsThrough(new TemporalFulfilmentGateway(stack.api.temporal, 1_500));
    await stack.stopWorker();
    try {
      await expect(
        impatient.attachDocuments(operator, later, [file('minutes', 'en attente')], id()),
      ).rejects.toMatchObject({ code: 'operator_action_pending' });
      expect(await storedAttachments(later)).toEqual(['minutes (pending)']);
      expect(await attachedFiles(later)).toHaveLength(1);
    } finally {
      await stack.startWorker();
    }
    await waitFor(async () => (await storedAttachments(later)).join() === 'minutes', {
      what: 'the pending attachment applied',
    });
    expect(await attachedFiles(later)).toHaveLength(1);
  });

  it('cancels an order with a reason: out of the queue, every change refused, until the client refreshes it', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
    });
    await assistedFor(orderid, 'no_connector');
    // The queue on /metrics: at least this order, waiting for some time already.
    const metrics = await (await fetch(`${stack.api.baseUrl}/metrics`)).text();
    expect(
      Number(/^pre_statement_work_queue_orders\{reason="no_connector"\} (\d+)$/m.exec(metrics)?.[1]),
    ).toBeGreaterThan(0);
    expect(
      Number(
        /^pre_statement_work_queue_oldest_age_seconds\{reason="no_connector"\} ([\d.]+)$/m.exec(metrics)?.[1],
      ),
    ).toBeGreaterThan(0);
    // Refused by the service, worded for the operator, before the workflow's rules (invalid_request).
    await expect(actions.cancel(operator, orderid, '   ', id())).rejects.toMatchObject({
      code: 'validation_failed',
      issues: [{ field: 'reason', message: 'Le motif de l’annulation est obligatoire.' }],
    });
    await actions.cancel(operator, orderid, 'Doublon de la commande du client', id());
    expect((await order(orderid)).cancelReason).toBe('Doublon de la commande du client');
    expect((await queue.list({ limit: 500, offset: 0 })).items.map((item) => item.orderid)).not.toContain(
      orderid,
    );
    await expect(actions.fileStatement(operator, orderid, statement('X'), id())).rejects.toMatchObject({
      details: { refusal: 'order_cancelled' },
    });

    const refresh = await stack.http.post(
      `/order/${orderid}/refresh`,
      {
        method: 'extranet',
        comment: 'adresse de l’extranet',
        syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp', url: stack.syndicExtranetUrl },
      },
      stack.account.headers,
    );
    expect(refresh.status).toBe(200);
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done after the refresh' });
    expect((await order(orderid)).cancelledAt).toBeNull();
    expect(await auditActions(orderid)).toEqual(['cancelled']);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'cancelled-then-refreshed',
    );
  });

  it('hands an order to operators when a step of its own processing fails for good, instead of failing the workflow', async () => {
    const orderid = await waitingAutomaticOrder();
    // A stored statement that no longer reads (a bug, a hand-edited row): no retry can cure it.
    await stack.api.dataSource.query(
      `UPDATE orders SET statement = '{"version": 99}'::jsonb WHERE orderid = $1`,
      [orderid],
    );
    const upload = await stack.http.post(
      `/order/${orderid}/documents`,
      {
        documents: [
          uploadItem({ doctype: 2, filename: 'pv.pdf', content: pdfBytes('pv').toString('base64') }),
        ],
      },
      stack.account.headers,
    );
    expect(upload.status).toBe(200);
    await assistedFor(orderid, 'processing_failed');
    expect((await order(orderid)).assistanceDetail).toBe(
      'StoredStatementUnreadableError: Stored statement of unknown version 99',
    );
    const description = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(await stack.stateOf(orderid)).toBe('waiting');
  });

  it('refuses what the rules forbid, before any trace, and applies a form sent twice once', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
    });
    await assistedFor(orderid, 'no_connector');
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: { details?: { refusal?: string }; code?: string }) => error.details?.refusal ?? error.code,
      );
    expect(await refusal(actions.release(operator, orderid, id()))).toBe('statement_not_filed');
    expect(await refusal(actions.release(viewer, orderid, id()))).toBe('operator_forbidden');
    expect(await refusal(actions.revealSyndicAccess(viewer, orderid))).toBe('operator_forbidden');
    // The workflow's own validator checks the statement too, whoever asks.
    const gateway = new TemporalFulfilmentGateway(stack.api.temporal);
    expect(
      await refusal(gateway.act(orderid, 'statement_filed', { operator, statement: { version: 2 } }, id())),
    ).toBe('statement_invalid');
    expect(
      await refusal(
        gateway.act(orderid, 'documents_attached', { operator, version: 99, documentIds: [1] }, id()),
      ),
    ).toBe('version_superseded');
    expect(
      await refusal(gateway.act(orderid, 'released', { operator: { ...operator, role: 'viewer' } }, id())),
    ).toBe('operator_forbidden');
    const history = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).fetchHistory();
    expect((history.events ?? []).some((event) => event.workflowExecutionUpdateAcceptedEventAttributes)).toBe(
      false,
    );
    expect(await auditActions(orderid)).toEqual([]);

    const formId = id();
    await actions.fileStatement(operator, orderid, statement('Une fois'), formId);
    await actions.fileStatement(operator, orderid, statement('Une fois'), formId);
    expect(await auditActions(orderid)).toEqual(['statement_filed']);
    // Missing documents: the order waits for them, visibly to the client, as an automatic one would.
    expect(await stack.stateOf(orderid)).toBe('waiting');
    await actions.markDocumentExistence(operator, orderid, 'minutes', false, id());
    expect((await order(orderid)).missingDoctypes).toEqual([1, 3, 7]);
  });

  it('moves an order back to waiting, and tells the client, when an operator takes back a document marked as not existing', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
      documents: allRequired().documents.filter((item) => item.doctype !== 2),
    });
    await assistedFor(orderid, 'no_connector');
    await actions.fileStatement(operator, orderid, statement('Aller-retour'), id());
    expect(await stack.stateOf(orderid)).toBe('waiting');

    await actions.markDocumentExistence(operator, orderid, 'minutes', false, id());
    expect(await stack.stateOf(orderid)).toBe('received');
    // A mistake, corrected: the minutes exist after all, and are missing again.
    await actions.markDocumentExistence(operator, orderid, 'minutes', true, id());

    expect(await stack.stateOf(orderid)).toBe('waiting');
    expect((await order(orderid)).missingDoctypes).toEqual([2]);
    expect(await stateChanges(orderid)).toEqual([
      '>confirmed',
      'confirmed>received',
      'received>waiting',
      'waiting>received',
      'received>waiting',
    ]);
    await waitFor(() => notified(orderid).length === 5, { what: 'five notifications' });
    expect(notified(orderid)).toEqual(['confirmed', 'received', 'waiting', 'received', 'waiting']);
  });

  it('applies one of two releases sent at once and refuses the other cleanly, the workflow unharmed', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
      ...allRequired(),
    });
    await assistedFor(orderid, 'no_connector');
    await actions.fileStatement(operator, orderid, statement('Deux fois'), id());
    expect(await stack.stateOf(orderid)).toBe('received');

    // Two operators, or one double click, while the worker is away: the workflow's next task carries
    // both, and accepts both before either applies.
    await stack.stopWorker();
    const releases = Promise.allSettled([
      actions.release(operator, orderid, id()),
      actions.release(operator, orderid, id()),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stack.startWorker();
    const outcomes = await releases;

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    if (refused) expect(refused.reason).toMatchObject({ details: { refusal: 'order_done' } });
    expect(await stack.stateOf(orderid)).toBe('done');
    expect(await auditActions(orderid)).toEqual(['statement_filed', 'released']);
    expect((await stateChanges(orderid)).filter((change) => change.endsWith('>done'))).toHaveLength(1);
    const history = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).fetchHistory();
    expect(workflowTaskFailures(history)).toEqual([]);
    // And the order still takes a refresh.
    const refreshed = await stack.http.post(`/order/${orderid}/refresh`, {}, stack.account.headers);
    expect(refreshed.status).toBe(200);
  });

  it('records an action on each order, even when its form id was used on another order', async () => {
    // The form's id is the browser's to send: copied from another order's page, it named an update the
    // second order had never seen, and the audit's key (unique across orders) made its recording a
    // "retry": the statement was not stored, nor the audit entry, yet the order moved on.
    const [first, second] = await Promise.all([1, 2].map(() => noConnectorOrder(allRequired())));
    const formId = id();
    await actions.fileStatement(operator, first!, statement('Première'), formId);
    await actions.fileStatement(operator, second!, statement('Seconde'), formId);

    for (const [orderid, name] of [
      [first!, 'Première'],
      [second!, 'Seconde'],
    ] as const) {
      expect(await auditActions(orderid)).toEqual(['statement_filed']);
      expect((await order(orderid)).statement).toMatchObject({ coOwnership: { name: { value: name } } });
    }
  });

  it('refuses a form made for a round a refresh has since replaced, whatever the action', async () => {
    // The page of round 1 stays open while the client refreshes: round 2, assisted again. Its forms
    // acted on round 2: a cancellation cancelled the client's new request, a statement filed round 1's
    // figures as round 2's.
    const orderid = await noConnectorOrder();
    const pageRound = (await order(orderid)).version;
    const refresh = await stack.http.post(`/order/${orderid}/refresh`, {}, stack.account.headers);
    expect(refresh.status).toBe(200);
    await waitFor(
      async () =>
        (await order(orderid)).version === pageRound + 1 &&
        (await order(orderid)).fulfilmentMode === 'assisted',
      {
        what: 'round 2, assisted again',
      },
    );

    await expect(actions.cancel(operator, orderid, 'Doublon', id(), pageRound)).rejects.toMatchObject({
      details: { refusal: 'version_superseded' },
    });
    await expect(
      actions.fileStatement(operator, orderid, statement('Tour 1'), id(), pageRound),
    ).rejects.toMatchObject({ details: { refusal: 'version_superseded' } });
    expect((await order(orderid)).cancelledAt).toBeNull();
    expect(await auditActions(orderid)).toEqual([]);
    // The page of round 2 acts.
    await actions.fileStatement(operator, orderid, statement('Tour 2'), id(), pageRound + 1);
    expect(await auditActions(orderid)).toEqual(['statement_filed']);
  });

  it('takes back, once the order is done, an attachment whose action never reached its workflow', async () => {
    const orderid = await stack.createOrder({
      test_mode: false,
      syndic: { name: 'Foncia', username: 'marie.dupont', password: 'mdp' },
      ...allRequired(),
    });
    await assistedFor(orderid, 'no_connector');
    // Temporal unreachable from this API until the request's deadline: the files are stored, the
    // workflow never hears of them, and the operator is told the action may still apply, so they stay.
    const unreachable = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
    try {
      await expect(
        actionsThrough(new TemporalFulfilmentGateway(unreachable, 2_000)).attachDocuments(
          operator,
          orderid,
          [
            {
              kind: 'minutes',
              filename: 'pv.pdf',
              contentType: 'application/pdf',
              content: pdfBytes('perdu'),
            },
          ],
          id(),
        ),
      ).rejects.toMatchObject({ code: 'operator_action_pending' });
    } finally {
      await unreachable.connection.close();
    }
    const pendingAttachments = async () =>
      (
        (await stack.api.dataSource.query(
          `SELECT storage_key FROM documents WHERE orderid = $1 AND source = 'operator' AND pending`,
          [orderid],
        )) as { storage_key: string }[]
      ).map((row) => row.storage_key);
    const [storageKey] = await pendingAttachments();
    expect(storageKey).toBeDefined();
    // Stored long before the worker's sweep looks (its grace is half an hour here).
    await stack.api.dataSource.query(
      `UPDATE documents SET created_at = now() - interval '1 hour' WHERE orderid = $1 AND pending`,
      [orderid],
    );
    // While the round is open the action may still come: several passes leave it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await pendingAttachments()).toEqual([storageKey]);

    await actions.fileStatement(operator, orderid, statement('Dernière manche'), id());
    await actions.release(operator, orderid, id());
    expect(await stack.stateOf(orderid)).toBe('done');
    await waitFor(async () => (await pendingAttachments()).length === 0, {
      what: 'the abandoned attachment taken back',
    });
    await expect(stack.api.documentStore.get(storageKey!)).rejects.toThrow();
    // What the order was done with is untouched.
    expect(await preStatementKey(orderid)).not.toBeNull();
    expect(await stack.api.documentStore.get((await preStatementKey(orderid))!)).toBeInstanceOf(Buffer);
  });

  it('says an action Temporal took but did not apply in time may still apply, rather than "retry later"', async () => {
    const orderid = await noConnectorOrder(allRequired());
    // The console's gateway, with a deadline shorter than the worker's absence.
    const impatient = actionsThrough(new TemporalFulfilmentGateway(stack.api.temporal, 1_500));
    await stack.stopWorker();
    try {
      await expect(
        impatient.fileStatement(operator, orderid, statement('En attente'), id()),
      ).rejects.toMatchObject({
        code: 'operator_action_pending',
      });
    } finally {
      await stack.startWorker();
    }
    // It was applied once the worker was back: sending it again would have filed it twice. Its audit
    // entry is recorded before the order moves, so the wait is for the move.
    await waitFor(async () => (await stack.stateOf(orderid)) === 'received', {
      what: 'the pending action applied',
    });
    expect(await auditActions(orderid)).toEqual(['statement_filed']);
  });

  async function preStatementKey(orderid: string): Promise<string | null> {
    const rows = (await stack.api.dataSource.query(
      `SELECT storage_key FROM pre_statements WHERE orderid = $1 ORDER BY order_version DESC LIMIT 1`,
      [orderid],
    )) as { storage_key: string }[];
    return rows[0]?.storage_key ?? null;
  }
});
