/**
 * Stop (docs/cluster.md#stop): on SIGTERM or SIGINT no new connections; idle keep-alive ones go now,
 * busy ones once their answer is out; then the app's timers and connections are closed and the process
 * exits 0. After SHUTDOWN_GRACE_MS it exits 0 regardless.
 */
import { closeSharedCache } from '../cache/cache-shared.mjs';
import { runStopSteps } from './stop-steps.mjs';

/** How long a stop waits for the requests in flight before it exits regardless. */
const SHUTDOWN_GRACE_MS = 10_000;

/** What the app left open: the steps its parts registered (the sweep's timer, the database), then the shared cache. */
async function closeApp() {
  await runStopSteps();
  await closeSharedCache();
}

/** @param {import('node:http').Server} server */
export function stopOnSignals(server) {
  let stopping = false;
  for (const sig of ['SIGTERM', 'SIGINT']) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
      server.close(async () => {
        await closeApp();
        process.exit(0);
      });
      server.closeIdleConnections();
    });
  }
}
