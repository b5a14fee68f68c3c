import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './test-environment';

/**
 * The cluster tests run the compiled service and the Temporal server binary: build both first (the
 * server only on a machine whose cache lacks it, several minutes), outside any test's timeout.
 */
export default function clusterGlobalSetup(): void {
  obtainTemporalBinaries();
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.js'), '--quiet'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

/**
 * The Temporal server and CLI the cluster runs, built on a machine whose cache lacks them: before the
 * cluster starts, whose own start would time out while Go builds the server.
 */
export function obtainTemporalBinaries(): void {
  for (const script of ['temporal-server.sh', 'temporal.sh']) {
    execFileSync('bash', [path.join(REPO_ROOT, 'scripts', script), 'path'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 60 * 60_000,
    });
  }
}
