import { Doctype, REQUIRED_DOCTYPES } from '@libs/orders/doctype';
import { type ExtranetDocument } from '@libs/extranet/extranet-document';
import {
  ExtranetCredentialsRefusedError,
  ExtranetDocumentUnavailableError,
  ExtranetUnavailableError,
} from '@libs/extranet/extranet-errors';
import { HttpExtranetConnector } from '@libs/extranet/http-extranet.connector';
import { createOutboundHttpClient } from '@libs/platform/outbound/outbound-http-client.factory';
import { type SyndicCredentials } from '@libs/extranet/syndic-credentials';
import { coOwnershipForUsername } from './fixtures/sandbox-co-ownerships';
import { type RunningSandboxExtranet, startSandboxExtranet } from './sandbox-server';
import { extractPdfText } from '@test/support/pdf-text';
import { confirmed, notCommunicated, valueOf } from '@libs/statement/statement-field';

/*
 * The generic HTTP connector and the sandbox speak the same protocol: this suite is the contract
 * between them, over real loopback HTTP.
 */

const PASSWORD = 'Sup3r-S3cret-Passw0rd';

function credentials(username: string): SyndicCredentials {
  return { name: 'Cabinet Rhône Syndic', username, password: PASSWORD };
}

function usernameFor(key: string): string {
  for (let index = 0; ; index += 1) {
    const username = `office-${index}`;
    if (coOwnershipForUsername(username).key === key) return username;
  }
}

describe('HttpExtranetConnector against the sandbox extranet', () => {
  let sandbox: RunningSandboxExtranet;
  let connector: HttpExtranetConnector;
  const client = createOutboundHttpClient({
    purpose: 'extranet',
    policy: { allowPrivate: true },
    timeoutMs: 5000,
  });

  beforeAll(async () => {
    sandbox = await startSandboxExtranet({ port: 0, latencyMs: 5, slowLatencyMs: 2000 });
    connector = new HttpExtranetConnector({ baseUrl: sandbox.url, client, requestTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await client.close();
    await sandbox.close();
  });
  beforeEach(() => admin('/__admin/reset'));

  async function admin(path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: body === undefined && path.endsWith('stats') ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  it('logs in and reads the statement of all the seller lots', async () => {
    const session = await connector.login(credentials(usernameFor('tilleuls')));
    expect(session.baseUrl).toBe(sandbox.url);
    const statement = await connector.fetchStatement(session, null);
    expect(statement.coOwnership.name).toEqual(confirmed('Résidence Les Tilleuls'));
    expect(statement.coOwnership.registrationNumber).toEqual(confirmed('AB1234567'));
    expect(statement.lots.map((lot) => lot.number)).toEqual(['12', '13', '27']);
    expect(valueOf(statement.chargesHistory)).toHaveLength(2);
    expect(await connector.fetchStatement(session, [])).toEqual(statement);
  });

  it('filters the statement by lots, down to none', async () => {
    const session = await connector.login(credentials(usernameFor('tilleuls')));
    const some = await connector.fetchStatement(session, ['13', '27', '14']);
    expect(some.lots.map((lot) => lot.number)).toEqual(['13', '27']);
    const none = await connector.fetchStatement(session, ['999']);
    expect(none.lots).toEqual([]);
    expect(none.worksFund.lotShare).toEqual(notCommunicated());
  });

  it('throws ExtranetCredentialsRefusedError, without secrets, when login is refused', async () => {
    const error = await connector
      .login(credentials('sandbox-bad-credentials'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtranetCredentialsRefusedError);
    expect(error).toMatchObject({ code: 'extranet_credentials_refused', retryable: false });
    expect(String((error as Error).message)).not.toContain(PASSWORD);
  });

  it('lists documents and downloads readable PDFs, once each', async () => {
    const username = usernameFor('vignes');
    const session = await connector.login(credentials(username));
    const documents = await connector.listDocuments(session);
    expect(documents).toHaveLength(8);
    const rules = documents.find((document) => document.doctype === Doctype.CoOwnershipRules)!;
    const { content, mimetype } = await connector.downloadDocument(session, rules.id);
    expect(mimetype).toBe('application/pdf');
    expect(content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(content.length).toBe(rules.size);
    expect((await extractPdfText(content)).text.replace(/\s+/g, ' ')).toContain('Règlement de copropriété');

    const stats = (await admin('/__admin/stats')) as { downloads: Record<string, number> };
    expect(stats.downloads).toEqual({ [rules.id]: 1 });
  });

  it('sees the missing-docs scenario: required documents absent, then present on the next poll', async () => {
    const hasAllRequired = (documents: ExtranetDocument[]) =>
      REQUIRED_DOCTYPES.every((doctype) => documents.some((document) => document.doctype === doctype));
    const first = await connector.listDocuments(await connector.login(credentials('sandbox-missing-docs')));
    expect(hasAllRequired(first)).toBe(false);
    const second = await connector.listDocuments(await connector.login(credentials('sandbox-missing-docs')));
    expect(hasAllRequired(second)).toBe(true);
  });

  it('maps injected 500s to ExtranetUnavailableError, then recovers', async () => {
    const session = await connector.login(credentials('notary-500'));
    await admin('/__admin/faults', { mode: 'error500', count: 1 });
    const error = await connector.fetchStatement(session, null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtranetUnavailableError);
    expect(error).toMatchObject({ code: 'extranet_unavailable', retryable: true });
    expect((error as Error).message).toContain('500');
    expect((error as Error).message).not.toContain(session.token);
    await expect(connector.fetchStatement(session, null)).resolves.toMatchObject({
      statementDate: expect.any(String),
    });
  });

  it('maps a dropped connection to ExtranetUnavailableError, then recovers', async () => {
    await admin('/__admin/faults', { mode: 'drop', count: 1 });
    await expect(connector.login(credentials('notary-drop'))).rejects.toBeInstanceOf(
      ExtranetUnavailableError,
    );
    await expect(connector.login(credentials('notary-drop'))).resolves.toMatchObject({
      token: expect.any(String),
    });
  });

  it('gives up after its timeout on a slow extranet, then recovers', async () => {
    const session = await connector.login(credentials('notary-slow'));
    await admin('/__admin/faults', { mode: 'slow', count: 1, latencyMs: 3000 });
    const started = Date.now();
    const error = await connector.listDocuments(session).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtranetUnavailableError);
    expect((error as Error).message).toContain('within 1000 ms');
    expect(Date.now() - started).toBeLessThan(2500);
    await expect(connector.listDocuments(session)).resolves.not.toHaveLength(0);
  });

  it('times out on the sandbox-slow user when its latency exceeds the budget', async () => {
    await expect(connector.login(credentials('sandbox-slow'))).rejects.toBeInstanceOf(
      ExtranetUnavailableError,
    );
    const patient = new HttpExtranetConnector({ baseUrl: sandbox.url, client, requestTimeoutMs: 5000 });
    await expect(patient.login(credentials('sandbox-slow'))).resolves.toMatchObject({
      token: expect.any(String),
    });
  });

  it('maps a malformed answer to ExtranetUnavailableError', async () => {
    const session = await connector.login(credentials('notary-malformed'));
    await admin('/__admin/faults', { mode: 'malformed', count: 1 });
    await expect(connector.fetchStatement(session, null)).rejects.toThrow(
      new ExtranetUnavailableError('The extranet sent invalid JSON in answer to GET /api/v1/statement'),
    );
  });

  it('treats an unknown session as retryable: the caller logs in again', async () => {
    const error = await connector
      .listDocuments({ token: 'expired-token', baseUrl: sandbox.url })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtranetUnavailableError);
    expect((error as Error).message).toContain('401');
    expect((error as Error).message).not.toContain('expired-token');
  });

  it('maps a document that vanished to ExtranetDocumentUnavailableError: that document, not the extranet', async () => {
    const session = await connector.login(credentials(usernameFor('tilleuls')));
    await expect(connector.downloadDocument(session, 'no/such document')).rejects.toBeInstanceOf(
      ExtranetDocumentUnavailableError,
    );
  });
});
