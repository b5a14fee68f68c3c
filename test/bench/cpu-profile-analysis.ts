/**
 * Reads the V8 CPU profiles that `BENCH_CPU_PROFILE=1` writes (`.cpuprofile`, one per thread of each
 * process), so that where a phase spends its time can be read without a browser and compared between
 * runs: per second, per package, per function, and who calls a function.
 *
 * V8 samples by the clock: a thread preempted or blocked inside a call is counted in that call, so on a
 * busy machine native calls (socket writes, thread joins) weigh more here than in the CPU `/proc` gives.
 */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  /** Microseconds. */
  startTime: number;
  samples: number[];
  /** Microseconds since the previous sample (the first: since `startTime`). */
  timeDeltas: number[];
}

/** Seconds from the profile's start; both ends included. */
export interface ProfileWindow {
  fromS?: number;
  toS?: number;
}

export interface ProfileSummary {
  /** Sampled time in the window, idle included. */
  totalMs: number;
  idleMs: number;
  byPackage: [string, number][];
  byFunction: [string, number][];
}

const IDLE = '(idle)';

/**
 * Every sample in the window: its node, the microseconds it stands for, and when it was taken (µs from
 * the profile's start).
 */
function* samplesIn(
  profile: CpuProfile,
  window: ProfileWindow = {},
): Generator<[CpuProfileNode, number, number]> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = (window.fromS ?? -Infinity) * 1e6;
  const to = (window.toS ?? Infinity) * 1e6;
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed < from || elapsed > to) continue;
    const node = nodes.get(profile.samples[i]!);
    if (node) yield [node, delta, elapsed];
  }
}

/** V8's sample of a thread waiting for work (its event loop idle). */
const isIdle = ({ callFrame }: CpuProfileNode): boolean => callFrame.functionName === IDLE && !callFrame.url;

/** A frame's package (`pg`, `@temporalio/worker`), Node's module (`node:net`), the project's file, or V8's own entry. */
export function packageOf({ url, functionName }: CpuProfileNode['callFrame']): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\/dist\//, 'dist/').replace(/^file:\/\//, '');
}

function frameName(callFrame: CpuProfileNode['callFrame']): string {
  return `${packageOf(callFrame)} ${callFrame.functionName || '(anonymous)'}:${callFrame.lineNumber}`;
}

function sortedMs(totals: Map<string, number>, top: number): [string, number][] {
  return [...totals]
    .map(([name, us]): [string, number] => [name, us / 1000])
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
}

/** Self time per package and per function over the window, largest first. */
export function summariseProfile(profile: CpuProfile, window: ProfileWindow = {}, top = 30): ProfileSummary {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [node, us] of samplesIn(profile, window)) {
    total += us;
    if (isIdle(node)) {
      idle += us;
      continue;
    }
    const pkg = packageOf(node.callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const fn = frameName(node.callFrame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  return {
    totalMs: total / 1000,
    idleMs: idle / 1000,
    byPackage: sortedMs(byPackage, top),
    byFunction: sortedMs(byFunction, top),
  };
}

/** Busy (not idle) milliseconds in each whole second of the profile: where a phase starts and ends. */
export function busyPerSecond(profile: CpuProfile): [number, number][] {
  const busy = new Map<number, number>();
  for (const [node, us, at] of samplesIn(profile)) {
    if (isIdle(node)) continue;
    const second = Math.floor(at / 1e6);
    busy.set(second, (busy.get(second) ?? 0) + us);
  }
  return [...busy]
    .sort((a, b) => a[0] - b[0])
    .map(([second, us]): [number, number] => [second, Math.round(us / 1000)]);
}

/**
 * The call chains (`depth` callers, nearest first) under which the functions whose name matches
 * `functionPattern` spent their self time, largest first.
 */
export function callersOf(
  profile: CpuProfile,
  functionPattern: RegExp,
  window: ProfileWindow = {},
  depth = 6,
  top = 12,
): [string, number][] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const chains = new Map<string, number>();
  for (const [node, us] of samplesIn(profile, window)) {
    if (!functionPattern.test(node.callFrame.functionName)) continue;
    const chain: string[] = [];
    for (let id = parents.get(node.id); id !== undefined && chain.length < depth; id = parents.get(id)) {
      chain.push(frameName(nodes.get(id)!.callFrame));
    }
    const key = chain.join(' < ');
    chains.set(key, (chains.get(key) ?? 0) + us);
  }
  return sortedMs(chains, top);
}
