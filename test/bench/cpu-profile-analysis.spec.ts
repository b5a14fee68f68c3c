import {
  type CpuProfile,
  busyPerSecond,
  callersOf,
  packageOf,
  summariseProfile,
} from './cpu-profile-analysis';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

/**
 * root → submit (pg) → writev (native); root → deliver (the project's file) → update (node:crypto);
 * root → (idle). Samples: 0.5 s in writev, 0.6 s in update from 0.5 s, 1 s idle, then 0.5 s in submit
 * from 2.1 s.
 */
function profile(): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 6] },
      { id: 2, callFrame: frame('submit', 'file:///app/node_modules/pg/lib/query.js', 151), children: [3] },
      { id: 3, callFrame: frame('writev') },
      {
        id: 4,
        callFrame: frame('deliver', 'file:///app/dist/libs/notifications/delivery.js', 70),
        children: [5],
      },
      { id: 5, callFrame: frame('update', 'node:internal/crypto/hash', 131) },
      { id: 6, callFrame: frame('(idle)') },
    ],
    startTime: 1_000_000,
    samples: [3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 6, 2, 2, 2, 2, 2],
    timeDeltas: [
      100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 100e3, 1000e3, 100e3, 100e3,
      100e3, 100e3, 100e3,
    ],
  };
}

describe('CPU profile analysis (bench:profile)', () => {
  it('names a frame by its package, its Node module, the project file or V8 entry', () => {
    expect(packageOf(frame('x', 'file:///app/node_modules/@temporalio/worker/lib/worker.js'))).toBe(
      '@temporalio/worker',
    );
    expect(packageOf(frame('x', 'file:///app/node_modules/pg/lib/query.js'))).toBe('pg');
    expect(packageOf(frame('x', 'node:net'))).toBe('node:net');
    expect(packageOf(frame('x', '/app/dist/libs/a.js'))).toBe('dist/libs/a.js');
    expect(packageOf(frame('writev'))).toBe('(writev)');
  });

  it('sums self time per package and per function, idle apart, largest first', () => {
    const summary = summariseProfile(profile());
    expect(summary.totalMs).toBeCloseTo(2600);
    expect(summary.idleMs).toBeCloseTo(1000);
    expect(summary.byPackage).toEqual([
      ['node:internal/crypto/hash', 600],
      ['(writev)', 500],
      ['pg', 500],
    ]);
    expect(summary.byFunction[0]).toEqual(['node:internal/crypto/hash update:131', 600]);
  });

  it('counts only the samples within the window', () => {
    // A sample counts at its end: from 0.55 s to 1.1 s lie update's six, not writev's (up to 0.5 s) nor
    // the idle one (at 2.1 s).
    const summary = summariseProfile(profile(), { fromS: 0.55, toS: 1.1 });
    expect(summary.byPackage).toEqual([['node:internal/crypto/hash', 600]]);
    expect(summary.idleMs).toBe(0);
  });

  it('gives the busy time of each second, idle left out', () => {
    expect(busyPerSecond(profile())).toEqual([
      [0, 900],
      [1, 200],
      [2, 500],
    ]);
  });

  it('gives the call chains under which a function spent its time', () => {
    expect(callersOf(profile(), /^writev$/)).toEqual([['pg submit:151 < ((root)) (root):0', 500]]);
    expect(callersOf(profile(), /^update$/, {}, 1)).toEqual([
      ['dist/libs/notifications/delivery.js deliver:70', 600],
    ]);
    expect(callersOf(profile(), /^nothing$/)).toEqual([]);
  });
});
