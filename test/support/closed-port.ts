import net from 'node:net';

/**
 * A loopback port with nothing listening on it right now: connections to it are refused at once, and a
 * server (a child process the test starts) can bind it a moment later.
 */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
