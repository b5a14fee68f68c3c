// Preloaded into a child process (`node --require`): at exit, writes on stderr the npm packages the
// process loaded, so a test can show that a code path leaves a heavy dependency unloaded.
'use strict';

const marker = `${require('node:path').sep}node_modules${require('node:path').sep}`;

process.on('exit', () => {
  const packages = new Set();
  for (const file of Object.keys(require.cache)) {
    const at = file.lastIndexOf(marker);
    if (at === -1) continue;
    const [scope, name] = file.slice(at + marker.length).split(/[\\/]/);
    packages.add(scope.startsWith('@') ? `${scope}/${name}` : scope);
  }
  process.stderr.write(`\nloaded packages: ${JSON.stringify([...packages].sort())}\n`);
});
