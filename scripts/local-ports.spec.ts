import net from 'node:net';
import { closedPort } from '@test/support/closed-port';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { assertPortsFree, portOpen } = require('./local-ports') as {
  portOpen(port: number): Promise<boolean>;
  assertPortsFree(ports: number[]): Promise<void>;
};

async function listening(): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

describe('local ports (scripts/local-ports.js)', () => {
  it('refuses to start on a port another process listens on, naming it', async () => {
    const taken = await listening();
    const free = await closedPort();
    try {
      expect(await portOpen(taken.port)).toBe(true);
      await expect(assertPortsFree([free, taken.port])).rejects.toThrow(
        new RegExp(`^port ${taken.port} already in use on 127\\.0\\.0\\.1`),
      );
    } finally {
      await new Promise((resolve) => taken.server.close(resolve));
    }
  });

  it('lets free ports through', async () => {
    const ports = [await closedPort(), await closedPort()];
    expect(await portOpen(ports[0]!)).toBe(false);
    await expect(assertPortsFree(ports)).resolves.toBeUndefined();
  });
});
