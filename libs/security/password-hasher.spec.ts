import { performance } from 'node:perf_hooks';
import { PasswordHasher } from './password-hasher';
import { MalformedPasswordHashError } from './security.errors';

// Cheap parameters keep the suite fast; the timing test uses the production defaults.
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(FAST);

  it('produces a salted argon2id PHC string with the configured parameters', async () => {
    const first = await hasher.hash('correct horse battery staple');
    const second = await hasher.hash('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
  });

  it('uses the OWASP baseline by default', async () => {
    expect(await new PasswordHasher().hash('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts the right password and rejects others', async () => {
    const stored = await hasher.hash('Mot de passe: été 2025 !');
    expect(await hasher.verify(stored, 'Mot de passe: été 2025 !')).toBe(true);
    expect(await hasher.verify(stored, 'Mot de passe: ete 2025 !')).toBe(false);
    expect(await hasher.verify(stored, 'Mot de passe: été 2025 ! ')).toBe(false);
    expect(await hasher.verify(stored, '')).toBe(false);
  });

  it('verifies hashes made with other parameters', async () => {
    const stored = await new PasswordHasher({ memoryCost: 2048, timeCost: 2 }).hash('hunter2');
    expect(await hasher.verify(stored, 'hunter2')).toBe(true);
  });

  it.each(['', 'hunter2', '$argon2id$v=19$m=1024,t=1,p=1$garbage', '$2b$10$abcdefghijklmnopqrstuv'])(
    'reports a stored value that is not an argon2 hash (%p) as corrupt data',
    async (stored) => {
      await expect(hasher.verify(stored, 'hunter2')).rejects.toBeInstanceOf(MalformedPasswordHashError);
    },
  );

  it('dummyVerify always answers false', async () => {
    expect(await hasher.dummyVerify('hunter2')).toBe(false);
    expect(await hasher.dummyVerify('')).toBe(false);
  });

  it('needsRehash tells hashes made with other parameters apart', async () => {
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
    expect(hasher.needsRehash(await new PasswordHasher({ ...FAST, timeCost: 2 }).hash('x'))).toBe(true);
    expect(() => hasher.needsRehash('hunter2')).toThrow(MalformedPasswordHashError);
  });

  it('makes an unknown email cost about as much as a known one', async () => {
    const production = new PasswordHasher();
    const stored = await production.hash('hunter2');
    await production.dummyVerify('warm-up');
    const real: number[] = [];
    const dummy: number[] = [];
    // Interleaved so that load on the machine affects both series alike.
    for (let round = 0; round < 7; round += 1) {
      real.push(await duration(() => production.verify(stored, 'wrong password')));
      dummy.push(await duration(() => production.dummyVerify('wrong password')));
    }
    // Loose bounds: the point is that the decoy does the same argon2 work, not a benchmark.
    const ratio = median(dummy) / median(real);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

async function duration(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
}
