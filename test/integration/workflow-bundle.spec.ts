import fs from 'node:fs';
import vm from 'node:vm';
import { type RawSourceMap, SourceMapConsumer } from 'source-map';
import { TEST_WORKFLOW_BUNDLE } from '../support/test-environment';

// The SDK's own globals of a workflow context, so the bundle runs here as it does in a worker. Required,
// not imported: the module's typings declare a global `__TEMPORAL__` the test setup uses for itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { injectGlobals } = require('@temporalio/worker/lib/workflow/vm-shared') as {
  injectGlobals(context: vm.Context): void;
};

/** The suite's bundle, as the global setup built it: read once for every test below. */
const code = fs.readFileSync(TEST_WORKFLOW_BUNDLE, 'utf8');
/** This process's own stack depth, before any bundle is loaded. */
const ownStackTraceLimit = Error.stackTraceLimit;

/**
 * The worker runs every workflow in one V8 context, with a module cache of its own per workflow: a
 * module first required by workflow code is instantiated again for each workflow the worker keeps in
 * its cache. The domain modules of libs/ are preloaded instead (SHARED_WORKFLOW_MODULES), once and
 * shared. This loads the suite's bundle the way the SDK's reusable context does, and looks at which
 * modules a workflow still instantiates for itself.
 */
describe('workflow bundle: modules shared by every workflow of a worker', () => {
  const shared = new Map<string, unknown>();
  let ownModules: Map<string, unknown> | null = null;
  const context = vm.createContext({});

  beforeAll(() => {
    Object.defineProperty(context, '__webpack_module_cache__', {
      value: new Proxy(
        {},
        {
          get: (_, id: string) => shared.get(id) ?? ownModules?.get(id),
          set: (_, id: string, module: unknown) => {
            (ownModules ?? shared).set(id, module);
            return true;
          },
        },
      ),
    });
    injectGlobals(context);
    new vm.Script(code).runInContext(context);
    vm.runInContext('__TEMPORAL__.preloadModules()', context);
  });

  /** The modules one workflow instantiates for itself when its code is imported. */
  function modulesOfOneWorkflow(): string[] {
    ownModules = new Map();
    try {
      vm.runInContext('__TEMPORAL__.importWorkflows()', context);
      return [...ownModules.keys()];
    } finally {
      ownModules = null;
    }
  }

  it('preloads the domain modules the workflows import, with their own imports', () => {
    const preloaded = [...shared.keys()];
    for (const module of [
      'libs/platform/messages.fr',
      'libs/statement/statement.validator',
      'libs/orders/order-state',
      'libs/orders/order-workflow.contract',
    ]) {
      expect(preloaded.some((id) => id.includes(`/${module}.`))).toBe(true);
    }
  });

  it('captures five frames per stack trace in the workflow context, and leaves the process its own depth', () => {
    expect(vm.runInContext('Error.stackTraceLimit', context)).toBe(5);
    expect(vm.runInContext('new Error().stack.split("\\n").length - 1', context)).toBeLessThanOrEqual(5);
    expect(Error.stackTraceLimit).toBe(ownStackTraceLimit);
  });

  it('is written in Latin-1 only, which V8 holds one byte a character', () => {
    expect(code.length).toBeGreaterThan(1_000_000);
    expect(code.match(/[\u0100-\uFFFF]/g)).toBeNull();
  });

  it('still gives the workflows their French texts as written', () => {
    const [, texts] = [...shared].find(([id]) => id.includes('/libs/platform/messages.fr.'))!;
    expect(JSON.stringify((texts as { exports: unknown }).exports)).toContain(
      'Déposez d’abord le relevé de compte',
    );
  });

  it('leaves a workflow only the workflow modules and a few of the SDK’s to instantiate, none of libs/', () => {
    const own = modulesOfOneWorkflow();
    expect(own.filter((id) => id.includes('/libs/'))).toEqual([]);
    expect(own.some((id) => id.includes('/workflows/order.workflow.'))).toBe(true);
    // A second workflow gets its own workflow modules again: their state is never shared.
    expect(modulesOfOneWorkflow()).toEqual(own);
  });
});

/**
 * Each workflow thread parses the bundle's source map into a WebAssembly memory that never shrinks, to
 * map workflow stack traces: the map has a mapping per generated line (SOURCE_MAP), not per token.
 */
describe('workflow bundle: its source map', () => {
  const marker = '//# sourceMappingURL=data:application/json;charset=utf-8;base64,';
  const map = JSON.parse(
    Buffer.from(code.slice(code.lastIndexOf(marker) + marker.length).trim(), 'base64').toString(),
  ) as RawSourceMap;
  const lines = code.split('\n');

  it('maps generated lines, at most one mapping each', async () => {
    const mapped = await SourceMapConsumer.with(map, null, (consumer) => {
      const generatedLines: number[] = [];
      consumer.eachMapping((mapping) => generatedLines.push(mapping.generatedLine));
      return generatedLines;
    });
    expect(mapped.length).toBeGreaterThan(1000);
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(mapped.length).toBeLessThanOrEqual(lines.length);
  });

  it('still names the workflow file and line a stack frame of the bundle comes from', async () => {
    const declaration = 'async function orderNotificationsWorkflow(';
    const line = lines.findIndex((text) => text.includes(declaration)) + 1;
    expect(line).toBeGreaterThan(0);
    // Frames point inside a line, past where its one mapping starts.
    const column = lines[line - 1]!.indexOf(declaration) + 'async function '.length;
    const original = await SourceMapConsumer.with(map, null, (consumer) =>
      consumer.originalPositionFor({ line, column }),
    );
    expect(original.source).toMatch(/workflows\/order-notifications\.workflow\.(ts|js)$/);
    expect(original.line).toBeGreaterThan(0);
  });
});
