import { type ChildProcess } from 'node:child_process';
import { stopTemporalDevServer } from './temporal-dev-server';

export default async function globalTeardown(): Promise<void> {
  const temporal = (globalThis as { __TEMPORAL__?: ChildProcess | null }).__TEMPORAL__;
  if (temporal) await stopTemporalDevServer(temporal);
}
