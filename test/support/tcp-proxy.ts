import net, { type AddressInfo } from 'node:net';

/** A loopback TCP proxy to a real server, whose link a test can cut and restore (an outage). */
export interface TcpProxy {
  port: number;
  /** Refuses new connections and ends the open ones, as a server gone down. */
  cut(): Promise<void>;
  /**
   * Ends the open connections and accepts new ones without ever answering, as a host black-holed by a
   * failover or a server that hangs.
   */
  stall(): Promise<void>;
  /** Accepts and forwards connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    if (stalled) {
      open.add(client);
      client.on('error', () => undefined);
      client.on('close', () => open.delete(client));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const cut = async () => {
    const closed = new Promise<void>((resolve) =>
      server.listening ? server.close(() => resolve()) : resolve(),
    );
    for (const socket of open) socket.destroy();
    await closed;
  };
  const stall = async () => {
    stalled = true;
    for (const socket of open) socket.destroy();
  };
  const restore = async () => {
    stalled = false;
    if (!server.listening) await listen(port);
  };
  return { port, cut, stall, restore, close: cut };
}
