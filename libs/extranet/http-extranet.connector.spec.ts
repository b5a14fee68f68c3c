import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AccountStatement } from '@libs/statement/account-statement';
import { confirmed, notCommunicated } from '@libs/statement/statement-field';
import { createOutboundHttpClient } from '@libs/platform/outbound/outbound-http-client.factory';
import {
  ExtranetCredentialsRefusedError,
  ExtranetDestinationRefusedError,
  ExtranetDocumentUnavailableError,
  ExtranetUnavailableError,
} from './extranet-errors';
import { HttpExtranetConnector } from './http-extranet.connector';

/*
 * Edge cases of the wire, against small real HTTP servers on loopback. The happy paths against the
 * sandbox extranet itself are in apps/extranet-sandbox/src/sandbox-connector.spec.ts (libs must not
 * import apps).
 */

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface StubServer {
  url: string;
  requests: { method: string; url: string; authorization: string | undefined; body: string }[];
  close(): Promise<void>;
}

async function startStub(handler: Handler): Promise<StubServer> {
  const requests: StubServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

const PASSWORD = 'Very-Secret-Password-42';
const TOKEN = 'tok_7f3a9c2e5b1d';
const CREDENTIALS = { name: 'Syndic Test', username: 'marie', password: PASSWORD };
const SESSION = (url: string) => ({ token: TOKEN, baseUrl: url });

/** An answer of the protocol's first version, which extranets written for it still send. */
const VALID_STATEMENT = {
  statementDate: '2026-09-15',
  coOwnership: {
    name: 'Résidence Test',
    address: '1 rue de la Paix',
    zipcode: '75002',
    city: 'Paris',
    registrationNumber: null,
    syndicName: 'Syndic Test',
    currentFiscalYear: { start: '2026-01-01', end: '2026-12-31' },
  },
  lots: [
    {
      number: '7',
      description: 'Appartement',
      shares: null,
      owners: [{ firstname: 'Marie', lastname: 'Curie' }],
    },
  ],
  sellerOwes: {
    budgetProvisionsDue: 100,
    horsBudgetProvisionsDue: null,
    unpaidPreviousYears: 0,
    otherSumsDue: 0,
  },
  syndicateOwes: { advances: 5, creditBalance: null },
  buyerWillBear: { advancesToReconstitute: 5, provisionsNotYetDue: 300 },
  chargesHistory: [
    {
      fiscalYear: { start: '2025-01-01', end: '2025-12-31' },
      budgetCalled: 1,
      budgetActual: 2,
      horsBudgetCalled: null,
      horsBudgetActual: -3,
    },
  ],
  syndicateUnpaidCharges: 10,
  supplierDebt: null,
  worksFund: { lotShare: 7, lastContribution: null },
};

const nc = notCommunicated();
/** What the connector makes of it: the model, the values added since then not communicated. */
const PARSED_STATEMENT: AccountStatement = {
  version: 2,
  filedBy: 'connector',
  statementDate: '2026-09-15',
  coOwnership: {
    name: confirmed('Résidence Test'),
    address: confirmed('1 rue de la Paix'),
    zipcode: confirmed('75002'),
    city: confirmed('Paris'),
    registrationNumber: nc,
    currentFiscalYear: confirmed({ start: '2026-01-01', end: '2026-12-31' }),
    totalShares: nc,
  },
  building: {
    completionYear: nc,
    lotCount: nc,
    heating: nc,
    lift: nc,
    energyPerformance: nc,
    energyAudit: nc,
    safeguardPlan: nc,
    perilOrder: nc,
    worksPlan: nc,
  },
  syndic: { name: confirmed('Syndic Test'), address: nc, phone: nc, email: nc, mandateEnd: nc },
  generalMeetings: { last: nc, next: nc, held: nc },
  rulesAmendments: nc,
  documentsNotExisting: nc,
  lots: [
    {
      number: '7',
      description: confirmed('Appartement'),
      nature: nc,
      shares: nc,
      annualBudgetShare: nc,
      worksFundShare: nc,
      owners: [{ firstname: 'Marie', lastname: 'Curie' }],
    },
  ],
  sellerBalance: nc,
  sellerOwes: {
    budgetProvisionsDue: confirmed(100),
    horsBudgetProvisionsDue: nc,
    unpaidPreviousYears: confirmed(0),
    article33Instalments: nc,
    advancesDue: nc,
    otherSumsDue: confirmed(0),
  },
  syndicateOwes: { advances: confirmed(5), provisionsMadeDueEarly: nc, creditBalance: nc },
  buyerWillBear: {
    advancesToReconstitute: confirmed(5),
    budgetProvisionsNotYetDue: nc,
    horsBudgetProvisionsNotYetDue: nc,
  },
  chargesHistory: confirmed([
    {
      fiscalYear: { start: '2025-01-01', end: '2025-12-31' },
      budgetCalled: confirmed(1),
      budgetPaid: nc,
      horsBudgetCalled: nc,
      horsBudgetPaid: nc,
    },
  ]),
  callsForFunds: nc,
  syndicate: {
    lastApprovedFiscalYearEnd: nc,
    budget: nc,
    unpaidCharges: confirmed(10),
    supplierDebt: nc,
  },
  worksFund: { exists: nc, lotShare: confirmed(7), lastContribution: nc, lastContributionDate: nc },
  votedWorks: nc,
  loans: nc,
  procedures: nc,
};

describe('HttpExtranetConnector', () => {
  let stub: StubServer | undefined;
  const client = createOutboundHttpClient({
    purpose: 'extranet',
    policy: { allowPrivate: true },
    timeoutMs: 1000,
  });
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });
  afterAll(() => client.close());

  async function connectorFor(handler: Handler, options: { maxDocumentBytes?: number; path?: string } = {}) {
    stub = await startStub(handler);
    return new HttpExtranetConnector({
      baseUrl: `${stub.url}${options.path ?? ''}`,
      client,
      requestTimeoutMs: 1000,
      maxDocumentBytes: options.maxDocumentBytes,
    });
  }

  describe('login', () => {
    it('posts the credentials as JSON and returns a session', async () => {
      const connector = await connectorFor((_req, res) => json(res, 200, { token: TOKEN, expiresIn: 60 }));
      await expect(connector.login(CREDENTIALS)).resolves.toEqual({ token: TOKEN, baseUrl: stub!.url });
      expect(stub!.requests).toEqual([
        {
          method: 'POST',
          url: '/api/v1/session',
          authorization: undefined,
          body: JSON.stringify({ username: 'marie', password: PASSWORD }),
        },
      ]);
    });

    it('resolves the protocol paths under a base path', async () => {
      const connector = await connectorFor((_req, res) => json(res, 200, { token: TOKEN }), {
        path: '/extranet',
      });
      await connector.login(CREDENTIALS);
      expect(stub!.requests[0].url).toBe('/extranet/api/v1/session');
    });

    it.each([401, 403])('maps %i to ExtranetCredentialsRefusedError', async (status) => {
      const connector = await connectorFor((_req, res) =>
        json(res, status, { error: 'invalid_credentials' }),
      );
      const error = await connector.login(CREDENTIALS).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetCredentialsRefusedError);
      expect(error).toMatchObject({ name: 'ExtranetCredentialsRefusedError', retryable: false });
      expect((error as Error).message).not.toContain(PASSWORD);
    });

    it.each([500, 502, 503, 404, 400])('maps %i to ExtranetUnavailableError', async (status) => {
      const connector = await connectorFor((_req, res) => json(res, status, { error: 'boom' }));
      const error = await connector.login(CREDENTIALS).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetUnavailableError);
      expect(error).toMatchObject({ name: 'ExtranetUnavailableError', code: 'extranet_unavailable' });
      expect((error as Error).message).toBe(`The extranet answered ${status} to POST /api/v1/session`);
    });

    it('does not follow redirects with the credentials', async () => {
      const connector = await connectorFor((req, res) => {
        if (req.url === '/api/v1/session') {
          res.writeHead(307, { location: '/elsewhere' });
          res.end();
        } else json(res, 200, { token: TOKEN });
      });
      await expect(connector.login(CREDENTIALS)).rejects.toBeInstanceOf(ExtranetUnavailableError);
      expect(stub!.requests.map((request) => request.url)).toEqual(['/api/v1/session']);
    });

    it.each([
      ['an empty body', ''],
      ['invalid JSON', '<html>maintenance</html>'],
      ['no token', '{}'],
      ['an empty token', '{"token": ""}'],
      ['a numeric token', '{"token": 42}'],
      ['a JSON array', '[]'],
    ])('maps an answer with %s to ExtranetUnavailableError', async (_label, body) => {
      const connector = await connectorFor((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      await expect(connector.login(CREDENTIALS)).rejects.toBeInstanceOf(ExtranetUnavailableError);
    });

    it.each([
      ['not-a-url', 'not a valid URL'],
      ['ftp://extranet.example', 'not an http(s) URL'],
      ['https://admin:hunter2@extranet.example', 'must not embed credentials'],
    ])('refuses the unusable address %s for good', async (baseUrl, message) => {
      const connector = new HttpExtranetConnector({ baseUrl, client, requestTimeoutMs: 1000 });
      const error = await connector.login(CREDENTIALS).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetDestinationRefusedError);
      expect(error).toMatchObject({ retryable: false });
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('hunter2');
    });
  });

  describe('transport failures', () => {
    it('maps a refused connection to ExtranetUnavailableError', async () => {
      const closed = await startStub(() => undefined);
      await closed.close();
      const connector = new HttpExtranetConnector({ baseUrl: closed.url, client, requestTimeoutMs: 1000 });
      const error = await connector.login(CREDENTIALS).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetUnavailableError);
      expect((error as Error).message).toMatch(
        /could not be reached for POST \/api\/v1\/session \(ECONNREFUSED\)$/,
      );
    });

    it('maps a reset connection to ExtranetUnavailableError', async () => {
      const connector = await connectorFor((req) => req.socket.destroy());
      await expect(connector.listDocuments(SESSION(stub!.url))).rejects.toBeInstanceOf(
        ExtranetUnavailableError,
      );
    });

    it('gives up after requestTimeoutMs, body included', async () => {
      const connector = await connectorFor((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"documents": [');
        // never finished
      });
      const started = Date.now();
      const error = await connector.listDocuments(SESSION(stub!.url)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetUnavailableError);
      expect((error as Error).message).toContain('did not answer GET /api/v1/documents within 1000 ms');
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('answers of unbounded size', () => {
    it('stops reading a listing beyond 1 MiB, without holding it whole', async () => {
      let sent = 0;
      const connector = await connectorFor((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"documents": [');
        const chunk = `${JSON.stringify({ id: 'x', doctype: 8, title: 'p'.repeat(900) })},`;
        // 64 MiB if read to the end, sent as fast as the connection takes it.
        const pump = () => {
          while (sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('{}]}');
        };
        res.on('error', () => undefined);
        pump();
      });
      const error = await connector.listDocuments(SESSION(stub!.url)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetUnavailableError);
      expect((error as Error).message).toMatch(
        /more than 1048576 bytes of JSON in answer to GET \/api\/v1\/documents/,
      );
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    });
  });

  describe('statement', () => {
    it('sends the token and the lots, and keeps only known fields', async () => {
      const connector = await connectorFor((_req, res) =>
        json(res, 200, {
          ...VALID_STATEMENT,
          extra: 'ignored',
          coOwnership: { ...VALID_STATEMENT.coOwnership, x: 1 },
        }),
      );
      await expect(connector.fetchStatement(SESSION(stub!.url), ['12', 'A 3'])).resolves.toEqual(
        PARSED_STATEMENT,
      );
      const request = stub!.requests[0];
      expect(request.authorization).toBe(`Bearer ${TOKEN}`);
      const url = new URL(request.url, stub!.url);
      expect(url.pathname).toBe('/api/v1/statement');
      expect(url.searchParams.get('lots')).toBe('12,A 3');
    });

    it('keeps a text the extranet cut in the middle of a character, marking the cut (U+FFFD)', async () => {
      // Half of an emoji's surrogate pair: PostgreSQL's jsonb refuses it, and the statement never stored.
      const connector = await connectorFor((_req, res) =>
        json(res, 200, {
          ...VALID_STATEMENT,
          coOwnership: { ...VALID_STATEMENT.coOwnership, name: 'Résidence Les Pins \ud83c' },
        }),
      );
      const statement = await connector.fetchStatement(SESSION(stub!.url), null);
      expect(statement.coOwnership.name).toEqual(confirmed('Résidence Les Pins \ufffd'));
    });

    it('asks for all lots with null', async () => {
      const connector = await connectorFor((_req, res) => json(res, 200, VALID_STATEMENT));
      await connector.fetchStatement(SESSION(stub!.url), null);
      expect(stub!.requests[0].url).toBe('/api/v1/statement');
    });

    it.each<[string, (statement: Record<string, unknown>) => unknown, string]>([
      [
        'a missing part',
        ({ sellerOwes: _omitted, ...rest }) => rest,
        'statement.sellerOwes is not an object',
      ],
      [
        'an amount as text',
        (statement) => ({ ...statement, supplierDebt: '12,00' }),
        'statement.syndicate.supplierDebt is not a non-negative integer amount in cents',
      ],
      [
        'a fractional amount',
        (statement) => ({ ...statement, worksFund: { lotShare: 1.5, lastContribution: null } }),
        'statement.worksFund.lotShare is not a non-negative integer amount in cents',
      ],
      [
        'an impossible date',
        (statement) => ({ ...statement, statementDate: '2026-02-30' }),
        'statement.statementDate is not a date YYYY-MM-DD',
      ],
      [
        'lots that are not a list',
        (statement) => ({ ...statement, lots: {} }),
        'statement.lots is not an array',
      ],
      [
        'an owner without a name',
        (statement) => ({ ...statement, lots: [{ number: '1', description: '', shares: 1, owners: [{}] }] }),
        'statement.lots[0].owners[0].firstname is not a string of at most 200 characters',
      ],
      ['null', () => null, 'statement is not an object'],
    ])('maps %s to ExtranetUnavailableError naming the field', async (_label, corrupt, message) => {
      const connector = await connectorFor((_req, res) =>
        json(res, 200, corrupt(VALID_STATEMENT as unknown as Record<string, unknown>)),
      );
      await expect(connector.fetchStatement(SESSION(stub!.url), null)).rejects.toThrow(
        new ExtranetUnavailableError(`The extranet sent a malformed answer: ${message}`),
      );
    });

    it('maps a rejected session to a retryable error without the token', async () => {
      const connector = await connectorFor((_req, res) => json(res, 401, { error: 'unauthorized' }));
      const error = await connector
        .fetchStatement(SESSION(stub!.url), null)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ExtranetUnavailableError);
      expect((error as Error).message).toContain('log in again');
      expect((error as Error).message).not.toContain(TOKEN);
    });
  });

  describe('documents', () => {
    const document = {
      id: 'd1',
      doctype: 2,
      title: 'PV',
      date: '2026-06-11',
      mimetype: 'application/pdf',
      size: 3,
    };

    it('lists documents with the kind the extranet gives, and none (null) when it gives none', async () => {
      const connector = await connectorFor((_req, res) =>
        json(res, 200, {
          documents: [
            document,
            { ...document, id: 'd2', doctype: 3, kind: 'division' },
            { ...document, id: 'd3', doctype: 3 },
            { ...document, id: 'd4', doctype: 4, kind: null },
          ],
        }),
      );
      // A règlement or a diagnostic of unsaid kind is not guessed to be the règlement alone or a DTG.
      await expect(connector.listDocuments(SESSION(stub!.url))).resolves.toEqual([
        { ...document, kind: null },
        { ...document, id: 'd2', doctype: 3, kind: 'division' },
        { ...document, id: 'd3', doctype: 3, kind: null },
        { ...document, id: 'd4', doctype: 4, kind: null },
      ]);
    });

    it.each([
      ['an unknown doctype', { ...document, doctype: 11 }],
      ['a negative size', { ...document, size: -1 }],
      ['an empty id', { ...document, id: '' }],
      ['an id longer than its column', { ...document, id: 'x'.repeat(256) }],
      ['an unknown kind', { ...document, kind: 'brochure' }],
      ['a kind of another doctype', { ...document, kind: 'dtg' }],
    ])('maps a listing with %s to ExtranetUnavailableError', async (_label, item) => {
      const connector = await connectorFor((_req, res) => json(res, 200, { documents: [item] }));
      await expect(connector.listDocuments(SESSION(stub!.url))).rejects.toBeInstanceOf(
        ExtranetUnavailableError,
      );
    });

    it('downloads bytes with their media type, escaping the id', async () => {
      const connector = await connectorFor((_req, res) => {
        res.writeHead(200, { 'content-type': 'Application/PDF; charset=binary' });
        res.end(Buffer.from('%PDF-1.4'));
      });
      const downloaded = await connector.downloadDocument(SESSION(stub!.url), 'a/b c');
      expect(downloaded).toEqual({ content: Buffer.from('%PDF-1.4'), mimetype: 'application/pdf' });
      expect(stub!.requests[0].url).toBe('/api/v1/documents/a%2Fb%20c/content');
      expect(stub!.requests[0].authorization).toBe(`Bearer ${TOKEN}`);
    });

    it.each([
      ['not a media type', 'pdf, please'],
      ['longer than its column', `application/${'x'.repeat(120)}`],
    ])('takes a content type %s for an unknown media type', async (_label, type) => {
      const connector = await connectorFor((_req, res) => {
        res.writeHead(200, { 'content-type': type });
        res.end(Buffer.from([1, 2, 3]));
      });
      const downloaded = await connector.downloadDocument(SESSION(stub!.url), 'x');
      expect(downloaded.mimetype).toBe('application/octet-stream');
    });

    it('defaults the media type when the extranet gives none', async () => {
      const connector = await connectorFor((_req, res) => {
        res.removeHeader('content-type');
        res.end(Buffer.from([1, 2, 3]));
      });
      const downloaded = await connector.downloadDocument(SESSION(stub!.url), 'x');
      expect(downloaded.mimetype).toBe('application/octet-stream');
    });

    it.each([404, 410])(
      'says a listed document answered %i is not there, apart from the extranet being down',
      async (status) => {
        const connector = await connectorFor((_req, res) => {
          res.writeHead(status);
          res.end('introuvable');
        });
        const error = await connector
          .downloadDocument(SESSION(stub!.url), 'x')
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ExtranetDocumentUnavailableError);
        expect((error as Error).message).toContain(`answered ${status}`);
      },
    );

    it('refuses a document over the size limit, declared or not', async () => {
      const declared = await connectorFor(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 100 });
          res.end(Buffer.alloc(100));
        },
        { maxDocumentBytes: 10 },
      );
      await expect(declared.downloadDocument(SESSION(stub!.url), 'x')).rejects.toThrow(
        /larger than 10 bytes/,
      );
      await expect(declared.downloadDocument(SESSION(stub!.url), 'x')).rejects.toBeInstanceOf(
        ExtranetDocumentUnavailableError,
      );
      await stub!.close();
      const chunked = await connectorFor(
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/pdf' });
          res.write(Buffer.alloc(8));
          res.end(Buffer.alloc(8));
        },
        { maxDocumentBytes: 10 },
      );
      await expect(chunked.downloadDocument(SESSION(stub!.url), 'x')).rejects.toThrow(/larger than 10 bytes/);
    });
  });
});
