import { Doctype } from '@libs/orders/doctype';

/** Behaviours an integrator selects with the syndic username of a test-mode order (docs/contract.md §5). */
export type SandboxScenario = 'nominal' | 'missing-docs' | 'bad-credentials' | 'slow';

const SCENARIO_USERNAMES: Readonly<Record<string, SandboxScenario>> = {
  'sandbox-missing-docs': 'missing-docs',
  'sandbox-bad-credentials': 'bad-credentials',
  'sandbox-slow': 'slow',
};

/** Required documents held back by the missing-docs scenario until a later listing. */
export const DOCTYPES_MISSING_AT_FIRST: readonly Doctype[] = [Doctype.Minutes, Doctype.MaintenanceLog];

export function scenarioForUsername(username: string): SandboxScenario {
  // Case-insensitive: integrators type these by hand.
  return SCENARIO_USERNAMES[username.trim().toLowerCase()] ?? 'nominal';
}
