import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readRuntimeEnv, workerRuntimeEnv } = require('./worker-runtime-env') as {
  readRuntimeEnv(file?: string): Record<string, string>;
  workerRuntimeEnv(env: NodeJS.ProcessEnv, file?: string): NodeJS.ProcessEnv;
};

describe('the worker runtime settings (deploy/worker/runtime.env)', () => {
  it('bounds the heap, the malloc arenas and the blocks malloc keeps, and compose reads the same file', () => {
    const runtime = readRuntimeEnv();
    expect(runtime.NODE_OPTIONS).toMatch(/--max-old-space-size=\d+/);
    expect(runtime.NODE_OPTIONS).toMatch(/--max-semi-space-size=\d+/);
    expect(runtime.MALLOC_ARENA_MAX).toBe('2');
    expect(Number(runtime.MALLOC_MMAP_THRESHOLD_)).toBeGreaterThan(0);
    const compose = parse(fs.readFileSync(path.join(__dirname, '..', 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { env_file?: string | string[] }>;
    };
    expect(compose.services.worker!.env_file).toBe('deploy/worker/runtime.env');
  });

  it("adds them under the caller's: the caller's NODE_OPTIONS come last, so its flags win", () => {
    const env = workerRuntimeEnv({ NODE_OPTIONS: '--max-old-space-size=512', MALLOC_ARENA_MAX: '8', A: 'b' });
    expect(env.NODE_OPTIONS).toBe(`${readRuntimeEnv().NODE_OPTIONS} --max-old-space-size=512`);
    expect(env.MALLOC_ARENA_MAX).toBe('8');
    expect(env.A).toBe('b');
    expect(workerRuntimeEnv({}).NODE_OPTIONS).toBe(readRuntimeEnv().NODE_OPTIONS);
  });

  it('refuses a line that is not NAME=value, naming the file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-env-')), 'runtime.env');
    fs.writeFileSync(file, '# comment\n\nGOOD=1\nnot a setting\n');
    expect(() => readRuntimeEnv(file)).toThrow(`${file}: not a NAME=value line: not a setting`);
  });
});
