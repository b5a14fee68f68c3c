import { Registry } from 'prom-client';
import { startSandboxExtranet } from '@apps/extranet-sandbox/src/sandbox-server';
import { ExtranetConnectorRegistry } from './extranet-connector.registry';
import { ExtranetCredentialsRefusedError, ExtranetUnavailableError } from './extranet-errors';
import { ExtranetCallMetrics } from './extranet-call.metrics';

describe('extranet call metrics', () => {
  it('times every request to an extranet and counts the failures, by extranet, operation and outcome', async () => {
    const sandbox = await startSandboxExtranet({ port: 0, latencyMs: 1 });
    const registry = new Registry();
    const connectors = new ExtranetConnectorRegistry({
      sandboxBaseUrl: sandbox.url,
      policy: { allowPrivate: true },
      requestTimeoutMs: 2000,
      observer: new ExtranetCallMetrics(registry),
    });
    try {
      const sandboxConnector = connectors.connectorFor({
        testMode: true,
        syndic: { name: 'Foncia', username: 'marie.dupont', password: 'x' },
      });
      const session = await sandboxConnector.login({
        name: 'Foncia',
        username: 'marie.dupont',
        password: 'x',
      });
      await sandboxConnector.listDocuments(session);
      await expect(
        sandboxConnector.login({ name: 'Foncia', username: 'sandbox-bad-credentials', password: 'x' }),
      ).rejects.toBeInstanceOf(ExtranetCredentialsRefusedError);
      // Nothing listens there: every call fails as "unavailable".
      const live = connectors.connectorFor({
        testMode: false,
        syndic: { name: 'Petit Syndic', username: 'u', password: 'p', url: 'http://127.0.0.1:9' },
      });
      await expect(live.login({ name: 'Petit Syndic', username: 'u', password: 'p' })).rejects.toBeInstanceOf(
        ExtranetUnavailableError,
      );
    } finally {
      await connectors.close();
      await sandbox.close();
    }

    const text = await registry.metrics();
    expect(text).toMatch(
      /pre_statement_extranet_request_duration_seconds_count\{extranet="sandbox",operation="login",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /pre_statement_extranet_request_duration_seconds_count\{extranet="sandbox",operation="documents",outcome="ok"\} 1/,
    );
    expect(text).toMatch(
      /pre_statement_extranet_errors_total\{extranet="sandbox",operation="login",outcome="credentials_refused"\} 1/,
    );
    expect(text).toMatch(
      /pre_statement_extranet_errors_total\{extranet="syndic",operation="login",outcome="unavailable"\} 1/,
    );
    // Successes are timed, not counted as errors; no URL, user name or password in any label.
    expect(text).not.toMatch(/errors_total\{[^}]*outcome="ok"/);
    expect(text).not.toMatch(/marie\.dupont|127\.0\.0\.1/);
    // Real servers, and undici compiles its HTTP parser on its first connection: slow on a busy machine.
  }, 20_000);
});
