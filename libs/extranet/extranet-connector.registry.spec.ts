import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AccountStatement } from '@libs/statement/account-statement';
import { ExtranetConnectorRegistry } from './extranet-connector.registry';
import { ExtranetDestinationRefusedError, ExtranetNoConnectorError } from './extranet-errors';
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
    policy: { allowPrivate: true },
    requestTimeoutMs: 5000,
  }).register({ syndicNames: ['Foncière Exemple'], hosts: ['extranet-exemple.fr'], connector: dedicated });
  afterAll(() => registry.close());

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

  it('has no default extranet: a live order without adapter nor url has no connector', () => {
    for (const url of [undefined, '', '   ']) {
      expect(() => registry.connectorFor({ syndic: syndic({ url }), testMode: false })).toThrow(
        ExtranetNoConnectorError,
      );
    }
  });

  it('tells whether a connector serves an order exactly as it would pick one, without its password', () => {
    const serves = (data: { name: string; url?: string }, testMode = false) =>
      registry.serves({ syndic: data, testMode });
    expect(serves({ name: 'Petit Syndic' }, true)).toBe(true);
    expect(serves({ name: ' FONCIÈRE exemple' })).toBe(true);
    expect(serves({ name: 'Petit Syndic', url: 'https://copro.extranet-exemple.fr' })).toBe(true);
    expect(serves({ name: 'Petit Syndic', url: 'https://copro.example/ext' })).toBe(true);
    for (const url of [undefined, '', '   ']) expect(serves({ name: 'Petit Syndic', url })).toBe(false);
  });

  it('never sends credentials elsewhere when the syndic url is unusable', async () => {
    const connector = registry.connectorFor({
      syndic: syndic({ url: 'javascript:alert(1)' }),
      testMode: false,
    });
    await expect(connector.login(syndic())).rejects.toBeInstanceOf(ExtranetDestinationRefusedError);
  });

  describe('against real servers on loopback', () => {
    let server: Server;
    let hits = 0;
    let url: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        hits++;
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"token":"t"}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('never lets a live order reach the sandbox, by its address or another name of it, whatever the policy', async () => {
      const withSandbox = new ExtranetConnectorRegistry({
        sandboxBaseUrl: url,
        policy: { allowPrivate: true },
      });
      try {
        const port = new URL(url).port;
        for (const target of [
          url,
          `http://localhost:${port}/extranet`,
          `http://[::ffff:127.0.0.1]:${port}`,
        ]) {
          const live = withSandbox.connectorFor({ syndic: syndic({ url: target }), testMode: false });
          const error = await live.login(syndic()).catch((caught: unknown) => caught);
          expect(error).toBeInstanceOf(ExtranetDestinationRefusedError);
          expect((error as Error).message).toContain('is the sandbox extranet: never called here');
        }
        expect(hits).toBe(0);
        // The same sandbox serves test-mode orders.
        const sandbox = withSandbox.connectorFor({ syndic: syndic(), testMode: true });
        await expect(sandbox.login(syndic())).resolves.toMatchObject({ token: 't' });
        expect(hits).toBe(1);
      } finally {
        await withSandbox.close();
      }
    });

    it('refuses a live extranet on a private address in production, before sending anything', async () => {
      const production = new ExtranetConnectorRegistry({
        sandboxBaseUrl: 'http://127.0.0.1:3100',
        policy: { allowPrivate: false },
      });
      const before = hits;
      try {
        for (const target of [url, url.replace('127.0.0.1', 'localhost')]) {
          const live = production.connectorFor({ syndic: syndic({ url: target }), testMode: false });
          await expect(live.login(syndic())).rejects.toThrow(
            /^extranet address (127\.0\.0\.1|::1) is not allowed \(loopback/,
          );
        }
        expect(hits).toBe(before);
      } finally {
        await production.close();
      }
    });
  });
});
