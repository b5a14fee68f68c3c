#!/usr/bin/env node
// Compiles the TypeScript sources to dist/ with swc (decorator metadata included) and bundles the
// workflow code once, so production processes run compiled output with no bundling at start.
//   node scripts/build.js [--quiet] [--no-bundle] [--out-dir dist]
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const quiet = process.argv.includes('--quiet');
const log = (message) => quiet || console.log(`[build] ${message}`);
// Another output directory lets a test build without touching the dist/ a running stack uses.
const outDirIndex = process.argv.indexOf('--out-dir');
const outDir = outDirIndex === -1 ? 'dist' : process.argv[outDirIndex + 1];

async function main() {
  const started = Date.now();
  const sources = ['apps', 'libs', 'workflows', 'activities', 'test'].filter((d) =>
    fs.existsSync(path.join(root, d)),
  );
  execFileSync(
    process.execPath,
    [
      require.resolve('@swc/cli/bin/swc.js'),
      ...sources,
      '-d',
      outDir,
      '--config-file',
      '.swcrc',
      '--copy-files',
      '--quiet',
    ],
    { cwd: root, stdio: quiet ? 'pipe' : 'inherit' },
  );
  log(`compiled ${sources.join(', ')} to ${outDir}/ in ${Date.now() - started} ms`);
  if (!process.argv.includes('--no-bundle')) {
    const bundlePath = path.resolve(root, outDir, 'workflow-bundle.js');
    // The compiled helper bundles the compiled workflows, with the same aliases as everything else.
    const { bundleWorkflows } = require(
      path.resolve(root, outDir, 'libs/platform/temporal/workflow-bundle.js'),
    );
    const code = await bundleWorkflows();
    fs.writeFileSync(bundlePath, code);
    log(`bundled workflows to ${path.relative(root, bundlePath)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
