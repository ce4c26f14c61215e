/**
 * The event loop's lag, measured by a timer (docs/cluster.md#load-shedding): a probe every PROBE_MS notes
 * how late it ran. Timers run before the loop reads new connections, so after a stall the first requests
 * read already see it. `lagging()` is true while the last probe ran later than the threshold.
 */
const PROBE_MS = 100;

/** @param {number} thresholdMs */
export function lagProbe(thresholdMs) {
  let last = 0;
  let expected = performance.now() + PROBE_MS;
  setInterval(() => {
    const now = performance.now();
    last = Math.max(0, now - expected);
    expected = now + PROBE_MS;
  }, PROBE_MS).unref();
  return {
    lagging: () => last > thresholdMs,
    lastMs: () => last,
  };
}
