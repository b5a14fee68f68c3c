import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

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

/** The workflow code of `workflows/index`, bundled for Temporal's sandbox (build, tests, development). */
export async function bundleWorkflows(): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve(path.join(ROOT, 'workflows')),
    logger: QUIET,
    webpackConfigHook: (config) => ({
      ...config,
      resolve: { ...config.resolve, alias: { ...config.resolve?.alias, ...ALIASES } },
    }),
  });
  return code;
}
