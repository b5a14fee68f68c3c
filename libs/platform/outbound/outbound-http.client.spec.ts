import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type HostResolver } from './dns-host-resolver';
import { OutboundAddressGuard, OutboundAddressRefusedError } from './outbound-address.guard';
import { OutboundHttpClient } from './outbound-http.client';
import { ReservedEndpoints } from './reserved-endpoints';

/** A loopback HTTP server counting the connections and requests it gets. */
interface CountingServer {
  port: number;
  connections: number;
  requests: string[];
  close(): Promise<void>;
}

async function startServer(
  host = '127.0.0.1',
  answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 }),
): Promise<CountingServer> {
  const state = { connections: 0, requests: [] as string[] };
  const server: Server = createServer((req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      const { status, headers } = answer(req.url ?? '/');
      res.writeHead(status, headers);
      res.end('ok');
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const TIMEOUTS = { connectTimeoutMs: 2000, headersTimeoutMs: 2000, bodyTimeoutMs: 2000 };

describe('OutboundHttpClient', () => {
  let server: CountingServer;
  const clients: OutboundHttpClient[] = [];
  const clientWith = (options: Partial<ConstructorParameters<typeof OutboundHttpClient>[0]>) => {
    const client = new OutboundHttpClient({
      guard: new OutboundAddressGuard({ allowPrivate: true }, 'extranet'),
      ...TIMEOUTS,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const get = (client: OutboundHttpClient, url: string, newConnection = false) =>
    client.request(new URL(url), { method: 'GET', headers: {}, newConnection }).then(async (response) => {
      await response.body.text();
      return response.statusCode;
    });

  beforeAll(async () => {
    server = await startServer('127.0.0.1', (path) =>
      path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
  });

  describe('with the production policy (private addresses refused)', () => {
    const strict = () => clientWith({ guard: new OutboundAddressGuard({ allowPrivate: false }, 'extranet') });

    it.each([
      ['an IPv4 literal', (port: number) => `http://127.0.0.1:${port}/`, 'loopback'],
      ['an IPv4-mapped IPv6 literal', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`, 'loopback'],
      ['a decimal IPv4 literal', (port: number) => `http://2130706433:${port}/`, 'loopback'],
      [
        'a name resolving to loopback',
        (port: number) => `http://localhost:${port}/`,
        'resolved from localhost',
      ],
    ])('refuses %s before connecting', async (_label, urlOf, reason) => {
      const before = server.connections;
      const error = await get(strict(), urlOf(server.port)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundAddressRefusedError);
      expect((error as Error).message).toContain(reason);
      expect(server.connections).toBe(before);
    });

    it('refuses the cloud metadata address without trying it', async () => {
      const error = await get(strict(), 'http://169.254.169.254/latest/meta-data/').catch((e: unknown) => e);
      expect(error).toEqual(
        new OutboundAddressRefusedError('extranet address 169.254.169.254 is not allowed (cloud metadata)'),
      );
    });

    it('connects to an allowlisted range', async () => {
      const client = clientWith({
        guard: new OutboundAddressGuard({ allowPrivate: false, allowlist: ['127.0.0.0/8'] }, 'extranet'),
      });
      await expect(get(client, `http://127.0.0.1:${server.port}/`)).resolves.toBe(200);
    });
  });

  it('keeps connections alive and reuses them, unless a request asks for a new one', async () => {
    const client = clientWith({});
    const before = server.connections;
    for (let i = 0; i < 3; i++) {
      await expect(get(client, `http://127.0.0.1:${server.port}/`)).resolves.toBe(200);
      // undici frees the connection for the next request once the event loop has turned.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(server.connections - before).toBe(1);
    await expect(get(client, `http://127.0.0.1:${server.port}/`, true)).resolves.toBe(200);
    expect(server.connections - before).toBe(2);
  });

  it('never follows a redirect', async () => {
    const before = server.requests.length;
    await expect(get(clientWith({}), `http://127.0.0.1:${server.port}/moved`)).resolves.toBe(302);
    expect(server.requests.slice(before)).toEqual(['GET /moved']);
  });

  it('ends at its abort while the connection is still opening, and sends nothing once it opens', async () => {
    // The name resolves only after the abort, as a slow name server would answer.
    const slowResolver: HostResolver = () =>
      new Promise((resolve) => setTimeout(() => resolve([{ address: '127.0.0.1', family: 4 }]), 1500));
    const client = clientWith({
      guard: new OutboundAddressGuard({ allowPrivate: true }, 'callback', slowResolver),
      connectTimeoutMs: 5000,
    });
    const before = server.requests.length;
    const started = Date.now();
    const error = await client
      .request(new URL(`http://slow-dns.example:${server.port}/`), {
        method: 'POST',
        headers: {},
        body: 'x',
        signal: AbortSignal.timeout(300),
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    // Before the abort's 300 ms plus a loaded machine's margin, far before the name's 1.5 s.
    expect(Date.now() - started).toBeLessThan(300 + 600);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.requests.slice(before)).toEqual([]);
  });

  it('refuses URLs that are not http(s)', async () => {
    await expect(get(clientWith({}), 'ftp://127.0.0.1/')).rejects.toBeInstanceOf(OutboundAddressRefusedError);
  });

  describe('reserved endpoints (the sandbox extranet for live orders)', () => {
    it('refuses every name and address of a reserved endpoint, even when the policy allows it, after connecting and before sending', async () => {
      const reserved = new ReservedEndpoints([
        { url: `http://127.0.0.1:${server.port}`, label: 'the sandbox extranet' },
      ]);
      const client = clientWith({ reserved });
      const before = server.requests.length;
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        const error = await get(client, `http://${host}:${server.port}/api`).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(OutboundAddressRefusedError);
        expect((error as Error).message).toMatch(/is the sandbox extranet: never called here$/);
      }
      expect(server.requests.length).toBe(before);
    });

    it('lets the other ports of the same host through', async () => {
      const other = await startServer();
      try {
        const reserved = new ReservedEndpoints([
          { url: `http://localhost:${server.port}`, label: 'the sandbox extranet' },
        ]);
        await expect(get(clientWith({ reserved }), `http://127.0.0.1:${other.port}/`)).resolves.toBe(200);
      } finally {
        await other.close();
      }
    });
  });
});
