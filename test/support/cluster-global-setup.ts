import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './test-environment';

/**
 * The cluster tests run the compiled service and the Temporal server binary: build both first (the
 * server only on a machine whose cache lacks it, several minutes), outside any test's timeout.
 */
export default function clusterGlobalSetup(): void {
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts', 'temporal-server.sh'), 'path'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 60 * 60_000,
  });
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts', 'temporal.sh'), 'path'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 60 * 60_000,
  });
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.js'), '--quiet'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
