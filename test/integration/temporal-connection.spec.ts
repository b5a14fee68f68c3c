import { status } from '@grpc/grpc-js';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@libs/platform/config/app-config';
import { lazyTemporalConnection } from '@libs/platform/temporal/temporal-connection';
import { closedPort } from '../support/closed-port';

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
    const connection = lazyTemporalConnection(`127.0.0.1:${await closedPort()}`);
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

  it('gives up an unreachable Temporal after its tries, not after the SDK’s 20 s of them', async () => {
    const connection = lazyTemporalConnection(`127.0.0.1:${await closedPort()}`, 2);
    const started = Date.now();
    try {
      await expect(connection.workflowService.getSystemInfo({})).rejects.toMatchObject({
        code: status.UNAVAILABLE,
      });
      // Two tries, one backoff of about 170 ms between them; ten would take some 20 s.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await connection.close();
    }
  });
});
