import net from 'node:net';
import { status } from '@grpc/grpc-js';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@libs/platform/config/app-config';
import { lazyTemporalConnection } from '@libs/platform/temporal/temporal-connection';

/** A loopback port nothing listens on: connections to it are refused at once. */
async function refusingAddress(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

describe("the API's Temporal connection", () => {
  it('answers through the SDK with its retries, from the real server', async () => {
    const connection = lazyTemporalConnection(loadConfig(process.env).temporal.address);
    try {
      const info = await connection.withDeadline(Date.now() + 5_000, () =>
        connection.workflowService.getSystemInfo({}),
      );
      expect(info.serverVersion).toEqual(expect.any(String));
    } finally {
      await connection.close();
    }
  });

  it("ends a call whose retry falls after the connection's close, instead of the process", async () => {
    const connection = lazyTemporalConnection(await refusingAddress());
    // Refused, UNAVAILABLE, retried by the SDK every 100 ms or more until the deadline.
    const call = connection.withDeadline(Date.now() + 10_000, () =>
      connection.workflowService.getSystemInfo({}),
    );
    const settled = call.then(
      () => 'answered',
      (error: { code?: number }) => error.code,
    );
    await sleep(500);
    await connection.close();
    // The retry after the close ends the call; before, it threw from its timer (an uncaught exception).
    expect(await settled).toBe(status.CANCELLED);
  }, 15_000);
});
