import { request as httpRequest } from 'node:http';
import { Doctype, REQUIRED_DOCTYPES } from '@libs/orders/doctype';
import { type WireStatement } from '@libs/statement/wire-statement';
import { type ListedDocument } from './document.catalog';
import { coOwnershipForUsername } from './fixtures/sandbox-co-ownerships';
import { type RunningSandboxExtranet, startSandboxExtranet } from './sandbox-server';
import { type SandboxStatsSnapshot } from './sandbox-stats';
import { extractPdfText } from '@test/support/pdf-text';

function documentsOf(body: unknown): ListedDocument[] {
  return (body as { documents: ListedDocument[] }).documents;
}

/** A username whose extranet space is the given fixture co-ownership. */
function usernameFor(key: string, prefix = 'notaire'): string {
  for (let index = 0; ; index += 1) {
    const username = `${prefix}-${index}`;
    if (coOwnershipForUsername(username).key === key) return username;
  }
}

describe('sandbox extranet server', () => {
  let sandbox: RunningSandboxExtranet;

  beforeAll(async () => {
    sandbox = await startSandboxExtranet({ port: 0, latencyMs: 0, slowLatencyMs: 300 });
  });
  afterAll(() => sandbox.close());
  beforeEach(() => post('/__admin/reset'));

  async function call(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const response = await fetch(`${sandbox.url}${path}`, init);
    const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    const body = json ? await response.json() : await response.arrayBuffer();
    return { status: response.status, body, headers: response.headers };
  }
  function post(path: string, body?: unknown) {
    return call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  async function login(username: string): Promise<string> {
    const { status, body } = await post('/api/v1/session', { username, password: 'secret' });
    expect(status).toBe(200);
    return (body as { token: string }).token;
  }
  function get(path: string, token: string) {
    return call(path, { headers: { authorization: `Bearer ${token}` } });
  }

  it('reports a real port and answers health checks', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.url).not.toMatch(/:0$/);
    expect(await call('/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  describe('login', () => {
    it('issues a token for any password', async () => {
      const { status, body } = await post('/api/v1/session', { username: 'jean.dupont', password: 'x' });
      expect(status).toBe(200);
      expect(body).toEqual({ token: expect.stringMatching(/^[\w-]{20,}$/), expiresIn: 3600 });
    });

    it('refuses the bad-credentials scenario user, whatever the case', async () => {
      for (const username of ['sandbox-bad-credentials', 'Sandbox-Bad-Credentials']) {
        const { status, body } = await post('/api/v1/session', { username, password: 'right' });
        expect(status).toBe(401);
        expect(body).toEqual({ error: 'invalid_credentials', message: expect.any(String) });
      }
    });

    it.each([
      ['no body', undefined],
      ['an array', [1, 2]],
      ['a missing password', { username: 'a' }],
      ['a numeric username', { username: 12, password: 'x' }],
      ['an empty username', { username: ' ', password: 'x' }],
      ['a username over 255 characters', { username: 'a'.repeat(256), password: 'x' }],
    ])('answers 400 to %s', async (_label, body) => {
      const answer = await post('/api/v1/session', body);
      expect(answer).toMatchObject({ status: 400, body: { error: 'bad_request' } });
    });

    it('accepts a username of 255 characters, the longest an order can carry', async () => {
      const { status } = await post('/api/v1/session', { username: 'a'.repeat(255), password: 'x' });
      expect(status).toBe(200);
    });

    it('does not track a username it refused', async () => {
      await post('/api/v1/session', { username: 'b'.repeat(256), password: 'x' });
      const stats = (await call('/__admin/stats')).body as SandboxStatsSnapshot;
      expect(Object.keys(stats.byUsername)).not.toContain('b'.repeat(256));
      expect(stats.requests.byRoute['POST /api/v1/session']).toBeGreaterThanOrEqual(1);
    });

    it('answers 400 with a JSON error to malformed JSON', async () => {
      const answer = await call('/api/v1/session', { method: 'POST', body: '{"username": "a",' });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: 'invalid_json', message: expect.any(String) },
      });
    });

    it('answers 413 to a body over 64 KiB', async () => {
      const big = JSON.stringify({ username: 'a', password: 'x'.repeat(70 * 1024) });
      const answer = await call('/api/v1/session', { method: 'POST', body: big });
      expect(answer).toMatchObject({ status: 413, body: { error: 'payload_too_large' } });
    });

    it('cuts off a client streaming a huge body', async () => {
      const outcome = await new Promise<number | string>((resolve) => {
        const { hostname, port } = new URL(sandbox.url);
        const req = httpRequest({ hostname, port, method: 'POST', path: '/api/v1/session' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        const chunk = Buffer.alloc(256 * 1024, 'a');
        for (let index = 0; index < 8; index += 1) req.write(chunk);
        req.end();
      });
      expect([413, 'ECONNRESET', 'EPIPE']).toContain(outcome);
      expect(await call('/health')).toMatchObject({ status: 200 });
    });
  });

  describe('routing', () => {
    it('answers 404 in JSON to unknown routes', async () => {
      expect(await call('/nope')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    });

    it('answers 405 with Allow to a wrong method', async () => {
      const answer = await call('/api/v1/session', { method: 'DELETE' });
      expect(answer).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
      expect(answer.headers.get('allow')).toBe('POST');
    });

    it('routes a path with trailing slashes as without, and a path of slashes in time linear in it', async () => {
      expect(await call('/api/v1/session//', { method: 'DELETE' })).toMatchObject({ status: 405 });
      const slashes = `/api${'/'.repeat(15_000)}v1`;
      const started = Date.now();
      for (let request = 0; request < 30; request++) {
        expect(await call(slashes)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      }
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it.each(['/api/v1/statement', '/api/v1/documents', '/api/v1/documents/tilleuls-reglement/content'])(
      'answers 401 on %s without a known token',
      async (path) => {
        expect(await call(path)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
        expect(await get(path, 'not-a-token')).toMatchObject({
          status: 401,
          body: { error: 'unauthorized' },
        });
      },
    );
  });

  describe('statement', () => {
    it('covers all the seller lots by default, with shares-based figures', async () => {
      const token = await login(usernameFor('tilleuls'));
      const { status, body } = await get('/api/v1/statement', token);
      const statement = body as WireStatement;
      expect(status).toBe(200);
      expect(statement.statementDate).toBe('2026-09-15');
      expect(statement.coOwnership).toMatchObject({
        name: 'Résidence Les Tilleuls',
        registrationNumber: 'AB1234567',
        currentFiscalYear: { start: '2026-01-01', end: '2026-12-31' },
      });
      expect(statement.lots.map((lot) => lot.number)).toEqual(['12', '13', '27']);
      expect(statement.lots[0].owners).toEqual([{ firstname: 'Claire', lastname: 'Fontaine' }]);
      // Up to date with the three calls due; the October call (4 750 000 cents) is not due yet.
      expect(statement.sellerOwes).toMatchObject({
        budgetProvisionsDue: 0,
        horsBudgetProvisionsDue: 0,
        unpaidPreviousYears: 0,
        otherSumsDue: 4_500,
      });
      // Not yet due: October's budget call, and the works' calls of 2027 (20 400 000 cents).
      expect(statement.buyerWillBear).toEqual({
        advancesToReconstitute: 69_750,
        budgetProvisionsNotYetDue: 220_875,
        horsBudgetProvisionsNotYetDue: 948_600,
      });
      expect(statement.chargesHistory!.map((year) => year.fiscalYear.start)).toEqual([
        '2025-01-01',
        '2024-01-01',
      ]);
      expect(statement.chargesHistory![0].budgetCalled).toBe(860_250);
      expect(statement.worksFund).toMatchObject({ lotShare: 196_928, lastContribution: 11_044 });
      expect(statement.syndicate.supplierDebt).toBe(862_140);
    });

    it('carries the building, the syndic, voted works, loans and the lots’ nature', async () => {
      const token = await login(usernameFor('tilleuls'));
      const statement = (await get('/api/v1/statement', token)).body as WireStatement;
      expect(statement.building).toMatchObject({ completionYear: 1964, lift: true });
      expect(statement.building.worksPlan).toEqual({ state: 'adopted', date: '2025-06-17' });
      expect(statement.syndic).toMatchObject({ name: 'Cabinet Rhône Syndic', mandateEnd: '2027-06-30' });
      expect(statement.lots.map((lot) => lot.nature)).toEqual(['principal', 'annexe', 'annexe']);
      expect(statement.lots[0].annualBudgetShare).toBe(782_800);
      expect(statement.sellerOwes.article33Instalments).toBe(184_000);
      // Lots 12, 13, 27: 465 tantièmes of 10 000; two thirds of the façades called by September.
      expect(statement.votedWorks![0]).toMatchObject({
        lotShare: 1_674_000,
        called: 1_116_000,
        toCall: 558_000,
      });
      expect(statement.loans![0].lotShareRemaining).toBe(711_450);
      expect(statement.callsForFunds!.map((call) => call.dueDate)).toEqual([
        '2026-01-01',
        '2026-04-01',
        '2026-07-01',
        '2026-10-01',
      ]);
    });

    it.each(['tilleuls', 'vignes', 'terrasses'])(
      'keeps the calls, voted works and part 3 of %s consistent: the hors-budget calls are the works’',
      async (key) => {
        const statement = (await get('/api/v1/statement', await login(usernameFor(key))))
          .body as WireStatement;
        const works = statement.votedWorks!;
        const toCall = works.reduce((sum, work) => sum + work.toCall!, 0);
        const horsBudgetAfter = statement
          .callsForFunds!.filter((call) => call.dueDate > statement.statementDate)
          .reduce((sum, call) => sum + call.horsBudget!, 0);
        // The year's hors-budget calls still to come are works still to call; part 3 c) is all of those.
        expect(horsBudgetAfter).toBeLessThanOrEqual(toCall);
        expect(statement.buyerWillBear.horsBudgetProvisionsNotYetDue).toBe(toCall);
      },
    );

    it('calls the works of Les Tilleuls in the calls for funds: what they called is the calls’ hors budget', async () => {
      const statement = (await get('/api/v1/statement', await login(usernameFor('tilleuls'))))
        .body as WireStatement;
      const called = statement.votedWorks!.reduce((sum, work) => sum + work.called!, 0);
      const calls = statement.callsForFunds!;
      expect(called).toBe(
        calls
          .filter((call) => call.dueDate <= statement.statementDate)
          .reduce((sum, call) => sum + call.horsBudget!, 0),
      );
      // The façades on 1 January and 1 July (12 000 000 cents each), nothing on the other two.
      expect(calls.map((call) => call.horsBudget)).toEqual([558_000, 0, 558_000, 0]);
    });

    it('keeps only the asked lots that are the seller’s', async () => {
      const token = await login(usernameFor('tilleuls'));
      const one = (await get('/api/v1/statement?lots=12', token)).body as WireStatement;
      expect(one.lots.map((lot) => lot.number)).toEqual(['12']);
      expect(one.syndicateOwes.advances).toBe(61_800);

      const mixed = (await get('/api/v1/statement?lots=%2012,14,99', token)).body as WireStatement;
      expect(mixed.lots.map((lot) => lot.number)).toEqual(['12']);

      const foreign = (await get('/api/v1/statement?lots=14', token)).body as WireStatement;
      expect(foreign.lots).toEqual([]);
      expect(foreign.sellerOwes.budgetProvisionsDue).toBeNull();
      expect(foreign.coOwnership.name).toBe('Résidence Les Tilleuls');
    });

    it('reports arrears and values the syndic did not communicate', async () => {
      const token = await login(usernameFor('vignes'));
      const statement = (await get('/api/v1/statement', token)).body as WireStatement;
      // Three calls of 127 500 unpaid: October's, and January's and April's made due by article 19-2.
      expect(statement.sellerOwes.budgetProvisionsDue).toBe(382_500);
      expect(statement.syndicateOwes.provisionsMadeDueEarly).toBe(255_000);
      expect(statement.buyerWillBear.budgetProvisionsNotYetDue).toBe(0);
      expect(statement.sellerOwes.advancesDue).toBe(8_000);
      expect(statement.worksFund).toEqual({
        exists: false,
        lotShare: null,
        lastContribution: null,
        lastContributionDate: null,
      });
      expect(statement.chargesHistory!.map((year) => year.budgetPaid)).toEqual([489_600 - 184_215]);
      expect(statement.syndicate.unpaidCharges! / statement.syndicate.budget!).toBeGreaterThan(0.25);
      expect(statement.documentsNotExisting).toEqual(['dtg', 'crep', 'plans']);
      // A co-ownership in difficulty: a plan de sauvegarde, and an order to make the roofs safe.
      expect(statement.building).toMatchObject({ safeguardPlan: true, perilOrder: true });
      expect(statement.generalMeetings.held).toHaveLength(4);
      expect(statement.sellerOwes.unpaidPreviousYears).toBe(184_215);
      expect(statement.syndicateOwes.advances).toBeNull();
      expect(statement.syndicate.supplierDebt).toBeNull();
      const houseOnly = (await get('/api/v1/statement?lots=a12', token)).body as WireStatement;
      expect(houseOnly.syndicateOwes.advances).toBe(24_000);
    });
  });

  describe('documents', () => {
    it('lists every document of the co-ownership, required ones included', async () => {
      const token = await login(usernameFor('tilleuls'));
      const { status, body } = await get('/api/v1/documents', token);
      const documents = documentsOf(body);
      expect(status).toBe(200);
      expect(documents).toHaveLength(15);
      expect(documents.filter((document) => document.doctype === Doctype.Minutes)).toHaveLength(3);
      for (const doctype of REQUIRED_DOCTYPES) {
        expect(documents.some((document) => document.doctype === doctype)).toBe(true);
      }
      for (const document of documents) {
        expect(document).toEqual({
          id: expect.stringMatching(/^tilleuls-/),
          doctype: expect.any(Number),
          kind: expect.any(String),
          title: expect.any(String),
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          mimetype: 'application/pdf',
          size: expect.any(Number),
        });
      }
    });

    it('gives each document’s kind where the syndic says it, and none for a règlement it does not', async () => {
      const kindOf = async (key: string, id: string) => {
        const documents = documentsOf((await get('/api/v1/documents', await login(usernameFor(key)))).body);
        return documents.find((document) => document.id === id)!;
      };
      expect(await kindOf('terrasses', 'terrasses-reglement')).toMatchObject({
        doctype: Doctype.CoOwnershipRules,
        kind: 'rules-and-division',
      });
      const vignes = await kindOf('vignes', 'vignes-reglement');
      expect(vignes.doctype).toBe(Doctype.CoOwnershipRules);
      expect(vignes).not.toHaveProperty('kind');
      // A code with one kind always has it.
      expect(await kindOf('vignes', 'vignes-dta')).toMatchObject({ kind: 'dta' });
    });

    it('serves real PDFs carrying their title', async () => {
      const token = await login(usernameFor('terrasses'));
      const documents = documentsOf((await get('/api/v1/documents', token)).body);
      const minutes = documents.find((document) => document.id === 'terrasses-pv-ag-2026')!;
      const response = await fetch(`${sandbox.url}/api/v1/documents/${minutes.id}/content`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBe(minutes.size);
      const text = (await extractPdfText(pdf)).text.replace(/\s+/g, ' ');
      expect(text).toContain("Procès-verbal de l'assemblée générale du 26 mars 2026");
      expect(text).toContain('Les Terrasses du Port');
      expect(text).toContain('26 mars 2026');
    });

    it('hides documents of other co-ownerships', async () => {
      const token = await login(usernameFor('vignes'));
      const answer = await get('/api/v1/documents/tilleuls-reglement/content', token);
      expect(answer).toMatchObject({ status: 404, body: { error: 'not_found' } });
    });

    it('holds back minutes and maintenance log on the first listing of sandbox-missing-docs', async () => {
      const token = await login('sandbox-missing-docs');
      const first = documentsOf((await get('/api/v1/documents', token)).body);
      const firstTypes = new Set(first.map((document) => document.doctype));
      expect(firstTypes.has(Doctype.Minutes)).toBe(false);
      expect(firstTypes.has(Doctype.MaintenanceLog)).toBe(false);
      expect(firstTypes.has(Doctype.SummarySheet)).toBe(true);

      const secondToken = await login('sandbox-missing-docs');
      const second = documentsOf((await get('/api/v1/documents', secondToken)).body);
      for (const doctype of REQUIRED_DOCTYPES) {
        expect(second.some((document) => document.doctype === doctype)).toBe(true);
      }
      const minutes = second.find((document) => document.doctype === Doctype.Minutes)!;
      expect((await get(`/api/v1/documents/${minutes.id}/content`, secondToken)).status).toBe(200);

      await post('/__admin/reset');
      const afterReset = documentsOf((await get('/api/v1/documents', token)).body);
      expect(afterReset.some((document) => document.doctype === Doctype.Minutes)).toBe(false);
      expect((await get(`/api/v1/documents/${minutes.id}/content`, token)).status).toBe(404);
    });
  });

  describe('scenarios and faults', () => {
    it('answers sandbox-slow late', async () => {
      const started = Date.now();
      await login('sandbox-slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    });

    it('injects a given number of 500s, then recovers', async () => {
      expect((await post('/__admin/faults', { mode: 'error500', count: 2 })).status).toBe(200);
      const body = { username: 'a', password: 'b' };
      expect(await post('/api/v1/session', body)).toMatchObject({
        status: 500,
        body: { error: 'injected_fault' },
      });
      expect((await post('/api/v1/session', body)).status).toBe(500);
      expect((await post('/api/v1/session', body)).status).toBe(200);
    });

    it('drops the connection without answering', async () => {
      await post('/__admin/faults', { mode: 'drop', count: 1 });
      await expect(call('/api/v1/documents')).rejects.toThrow();
      expect((await call('/api/v1/documents')).status).toBe(401);
    });

    it('slows answers down and sends malformed JSON on demand', async () => {
      await post('/__admin/faults', { mode: 'slow', count: 1, latencyMs: 250 });
      const started = Date.now();
      expect((await call('/api/v1/documents')).status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);

      await post('/__admin/faults', { mode: 'malformed', count: 1 });
      const response = await fetch(`${sandbox.url}/api/v1/documents`);
      expect(response.status).toBe(200);
      await expect(response.json()).rejects.toThrow();
    });

    it('keeps a fault until cleared when no count is given', async () => {
      await post('/__admin/faults', { mode: 'error500' });
      expect((await call('/api/v1/statement')).status).toBe(500);
      expect((await call('/api/v1/statement')).status).toBe(500);
      expect((await call('/health')).status).toBe(200);
      await post('/__admin/faults', { mode: 'none' });
      expect((await call('/api/v1/statement')).status).toBe(401);
    });

    it.each([
      [{ mode: 'explode' }],
      [{ mode: 'error500', count: 0 }],
      [{ mode: 'slow', latencyMs: -1 }],
      [[1]],
    ])('refuses invalid fault settings %j', async (settings) => {
      expect(await post('/__admin/faults', settings)).toMatchObject({
        status: 400,
        body: { error: 'bad_request' },
      });
    });
  });

  it('counts requests per route and user, and downloads per document', async () => {
    const username = usernameFor('vignes', 'stats');
    const token = await login(username);
    await get('/api/v1/documents', token);
    await get('/api/v1/documents/vignes-reglement/content', token);
    await get('/api/v1/documents/vignes-reglement/content', token);
    await get('/api/v1/documents/vignes-dta/content', token);

    const body = (await call('/__admin/stats')).body as SandboxStatsSnapshot & { faults: unknown };
    expect(body.requests.total).toBe(5);
    expect(body.requests.byRoute).toEqual({
      'POST /api/v1/session': 1,
      'GET /api/v1/documents': 1,
      'GET /api/v1/documents/:id/content': 3,
    });
    expect(body.downloads).toEqual({ 'vignes-reglement': 2, 'vignes-dta': 1 });
    expect(body.byUsername[username]).toMatchObject({ requests: 5, listings: 1 });
    expect(body.faults).toEqual({ mode: 'none', count: null, latencyMs: expect.any(Number) });
  });

  it('closes promptly while an answer is held back', async () => {
    const other = await startSandboxExtranet({ port: 0, latencyMs: 0 });
    await fetch(`${other.url}/__admin/faults`, {
      method: 'POST',
      body: JSON.stringify({ mode: 'slow', latencyMs: 60_000 }),
    });
    const pending = fetch(`${other.url}/api/v1/documents`);
    pending.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(pending).rejects.toThrow('fetch failed');
  });
});
