/**
 * What the app opened and a stop must close (docs/cluster.md#stop). The sweep's timer and the database
 * handle are made inside Next's bundle, which plain node (server.mjs) cannot import, and the bundle has
 * its own copy of this file: the steps are kept as listeners of one process event, which every copy
 * shares, so each owner registers its own step and the stop runs them without knowing what they are.
 */
const STOP = Symbol.for('liangdun.stop');

/** Registers a step to run at a stop (it may return a promise). */
export function onStop(step) {
  process.on(STOP, step);
}

/** Runs every registered step and waits for them; a step that fails does not keep the others from running. */
export async function runStopSteps() {
  await Promise.allSettled(process.listeners(STOP).map(async (step) => step()));
}
