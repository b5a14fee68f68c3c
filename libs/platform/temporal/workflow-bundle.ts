import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { escapeBeyondLatin1 } from './latin1-source';

/** The tree this code runs from: the sources (tests, development) or dist/ (compiled). */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every path alias of tsconfig.json, for webpack: workflow code imports `@libs/…` like the rest. */
const ALIASES = Object.fromEntries(
  ['apps', 'libs', 'workflows', 'activities', 'test'].map((area) => [`@${area}`, path.join(ROOT, area)]),
);

const QUIET = {
  trace() {},
  debug() {},
  info() {},
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
  log() {},
};

/**
 * The domain modules workflow code imports: constants, schemas, the French texts and pure functions,
 * which keep no state of a workflow. Loaded once per worker thread, before any workflow, and shared
 * (frozen) by all, instead of instantiated again for each workflow a worker keeps in its cache (138 KiB
 * a workflow before, 28 now). Their own imports come with them. test/integration/workflow-bundle.spec.ts
 * fails when the workflows start importing a module of libs/ that is not among them.
 */
export const SHARED_WORKFLOW_MODULES = [
  '@libs/fulfilment/fulfilment-workflow.contract',
  '@libs/fulfilment/operator-action-rules',
  '@libs/notifications/notification-retry-schedule',
  '@libs/notifications/notification-workflow.contract',
  '@libs/operators/operator-identity',
  '@libs/orders/doctype',
  '@libs/orders/order-state',
  '@libs/orders/order-workflow.contract',
  '@libs/orders/search-attributes',
  '@libs/statement/statement.validator',
];

/**
 * Lines only, not columns. Each workflow thread of a worker parses the bundle's source map (the SDK maps
 * the stack traces of workflow errors and of the stack-trace query with it) into a WebAssembly memory
 * that never shrinks: 14.6 MiB of resident memory with webpack's default of a mapping per token, 6.9
 * with one per line, for the same code (the map's sources are kept). Workflow stack traces still name
 * the file and line.
 */
const SOURCE_MAP = 'inline-cheap-module-source-map';

/** Sets the stack depth of workflow code's stack traces (the module says why); preloaded first. */
const STACK_TRACE_LIMIT = '@libs/platform/temporal/workflow-stack-trace-limit';

/**
 * The workflow code of `workflows/index`, bundled for Temporal's sandbox (build, tests, development).
 * Written in Latin-1 only: the French texts' few `’`, `—` and `…` made V8 hold the whole 1.7 million
 * characters (code and inline source map) two bytes each, in each workflow thread for as long as the
 * worker runs (and in its main thread while it starts).
 */
export async function bundleWorkflows(): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve(path.join(ROOT, 'workflows')),
    logger: QUIET,
    preloadModules: [STACK_TRACE_LIMIT, ...SHARED_WORKFLOW_MODULES],
    webpackConfigHook: (config) => ({
      ...config,
      devtool: SOURCE_MAP,
      resolve: { ...config.resolve, alias: { ...config.resolve?.alias, ...ALIASES } },
    }),
  });
  return escapeBeyondLatin1(code);
}
