import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';

/**
 * V8's flags belong to the process, so each case runs in a Node process of its own: the module compiled
 * as the build compiles it, then a function called often enough for Sparkplug and kept from the
 * optimizing compilers, whose tier V8 reports through its natives syntax.
 */
describe('skipBaselineCompiler', () => {
  let dir: string;
  let modulePath: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-compiler-'));
    modulePath = path.join(dir, 'baseline-compiler.js');
    fs.writeFileSync(modulePath, transformFileSync(path.join(__dirname, 'baseline-compiler.ts')).code);
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function tierOfWarmFunction(skip: boolean): string {
    const probe = `
      if (${skip}) require(${JSON.stringify(modulePath)}).skipBaselineCompiler();
      require('node:v8').setFlagsFromString('--allow-natives-syntax');
      const tier = new Function(\`
        function sum(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; }
        %NeverOptimizeFunction(sum);
        for (let i = 0; i < 100000; i++) sum(10);
        return %ActiveTierIsSparkplug(sum) ? 'sparkplug' : %ActiveTierIsIgnition(sum) ? 'ignition' : 'other';
      \`);
      process.stdout.write(tier());
    `;
    return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  }

  it("leaves a warm function in V8's interpreter instead of compiling it to baseline code", () => {
    expect(tierOfWarmFunction(true)).toBe('ignition');
  });

  it('against the runtime default, which compiles it', () => {
    expect(tierOfWarmFunction(false)).toBe('sparkplug');
  });
});
