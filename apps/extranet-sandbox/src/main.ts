import { loadConfig } from '@libs/platform/config/app-config';
import { startSandboxExtranet } from './sandbox-server';

async function main(): Promise<void> {
  const config = loadConfig();
  const sandbox = await startSandboxExtranet({
    port: config.extranet.sandboxPort,
    host: config.extranet.sandboxHost,
  });
  console.log(`Sandbox syndic extranet listening on ${sandbox.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Sandbox syndic extranet stopping on ${signal}`);
    sandbox.close().then(
      () => undefined,
      (error: unknown) => {
        console.error('Sandbox syndic extranet did not close cleanly', error);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error('Sandbox syndic extranet failed to start', error);
  process.exit(1);
});
