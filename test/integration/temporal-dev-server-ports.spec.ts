import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { TEST_VAR_DIR } from '@test/support/test-environment';
import { startTemporalDevServer } from '@test/support/temporal-dev-server';

/**
 * A dev server left on a port by an interrupted run (a killed Jest, an interrupted benchmark) answered
 * in place of the one started there, which could not bind: the benchmark reported its figures as the
 * run's (Temporal's CPU as 0). Starting on a taken port now fails at once, naming it, and starts nothing.
 */
describe('a Temporal dev server asked to start on a port already listened on', () => {
  let occupant: net.Server;
  let port: number;
  const logFile = path.join(TEST_VAR_DIR, 'temporal-taken-port.log');

  beforeAll(async () => {
    occupant = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => occupant.listen(0, '127.0.0.1', resolve));
    port = (occupant.address() as net.AddressInfo).port;
    fs.rmSync(logFile, { force: true });
  });
  afterAll(async () => {
    await new Promise((resolve) => occupant.close(resolve));
  });

  it('is refused before anything is started', async () => {
    await expect(startTemporalDevServer({ port, logFile })).rejects.toThrow(
      new RegExp(`^ports? ${port}(, \\d+)? already in use on 127\\.0\\.0\\.1`),
    );
    // The server's output would have gone there: nothing was spawned.
    expect(fs.existsSync(logFile)).toBe(false);
  });
});
