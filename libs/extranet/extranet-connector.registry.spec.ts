import { type AccountStatement } from './account-statement';
import { ExtranetConnectorRegistry } from './extranet-connector.registry';
import { ExtranetCredentialsRefusedError } from './extranet-errors';
import { type ExtranetSession } from './extranet-session';
import { type ExtranetConnector } from './extranet.port';
import { HttpExtranetConnector } from './http-extranet.connector';

/** Stands for a syndic-specific adapter; the registry only hands it out, never calls it. */
class DedicatedConnector implements ExtranetConnector {
  login(): Promise<ExtranetSession> {
    throw new Error('not called');
  }
  fetchStatement(): Promise<AccountStatement> {
    throw new Error('not called');
  }
  listDocuments(): Promise<never[]> {
    throw new Error('not called');
  }
  downloadDocument(): Promise<{ content: Buffer; mimetype: string }> {
    throw new Error('not called');
  }
}

describe('ExtranetConnectorRegistry', () => {
  const dedicated = new DedicatedConnector();
  const registry = new ExtranetConnectorRegistry({
    sandboxBaseUrl: 'http://127.0.0.1:3100',
    defaultBaseUrl: 'https://extranet.default.example',
    requestTimeoutMs: 5000,
  }).register({ syndicNames: ['Foncière Exemple'], hosts: ['extranet-exemple.fr'], connector: dedicated });

  const syndic = (overrides: { name?: string; url?: string } = {}) => ({
    name: 'Petit Syndic',
    username: 'u',
    password: 'p',
    ...overrides,
  });
  const baseUrlOf = (connector: ExtranetConnector) => {
    expect(connector).toBeInstanceOf(HttpExtranetConnector);
    return (connector as HttpExtranetConnector).baseUrl;
  };

  it('sends test-mode orders to the sandbox whatever the syndic data', () => {
    for (const data of [
      syndic(),
      syndic({ name: 'foncière exemple', url: 'https://extranet-exemple.fr/' }),
    ]) {
      expect(baseUrlOf(registry.connectorFor({ syndic: data, testMode: true }))).toBe(
        'http://127.0.0.1:3100',
      );
    }
  });

  it('picks a registered adapter by syndic name, case-insensitively', () => {
    expect(registry.connectorFor({ syndic: syndic({ name: '  FONCIÈRE exemple ' }), testMode: false })).toBe(
      dedicated,
    );
  });

  it('picks a registered adapter by the host of the syndic url, subdomains included', () => {
    for (const url of ['https://extranet-exemple.fr/login', 'https://Copro.Extranet-Exemple.fr']) {
      expect(registry.connectorFor({ syndic: syndic({ url }), testMode: false })).toBe(dedicated);
    }
    const lookalike = registry.connectorFor({
      syndic: syndic({ url: 'https://evil-extranet-exemple.fr' }),
      testMode: false,
    });
    expect(lookalike).not.toBe(dedicated);
  });

  it('uses the generic HTTP adapter on the syndic url when nothing is registered for it', () => {
    const connector = registry.connectorFor({
      syndic: syndic({ url: ' https://copro.example/ext ' }),
      testMode: false,
    });
    expect(baseUrlOf(connector)).toBe('https://copro.example/ext');
  });

  it('falls back to the default extranet without url', () => {
    for (const url of [undefined, '', '   ']) {
      expect(baseUrlOf(registry.connectorFor({ syndic: syndic({ url }), testMode: false }))).toBe(
        'https://extranet.default.example',
      );
    }
  });

  it('never sends credentials elsewhere when the syndic url is unusable', async () => {
    const connector = registry.connectorFor({
      syndic: syndic({ url: 'javascript:alert(1)' }),
      testMode: false,
    });
    await expect(connector.login(syndic())).rejects.toBeInstanceOf(ExtranetCredentialsRefusedError);
  });
});
