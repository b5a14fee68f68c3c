import path from 'node:path';
import { REPO_ROOT } from './test-environment';

// The launchers' own check (scripts/local-ports.js), plain JavaScript beside them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const localPorts = require(path.join(REPO_ROOT, 'scripts', 'local-ports.js')) as {
  portOpen(port: number, host?: string): Promise<boolean>;
  assertPortsFree(ports: readonly number[]): Promise<void>;
};

/** True when a TCP connection to `host` (127.0.0.1 by default):`port` is accepted. */
export const portOpen = localPorts.portOpen;

/**
 * Rejects, naming them, when any of `ports` is already listened on: a server left there by an
 * interrupted run would answer in place of the one about to start, which cannot bind.
 */
export const assertPortsFree = localPorts.assertPortsFree;
