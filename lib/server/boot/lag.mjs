/**
 * The event loop's lag, measured by a timer (docs/cluster.md#bounded-requests): a probe every PROBE_MS
 * notes how late it ran. Timers run before the loop reads new connections, so after a stall the first
 * requests read already see it. `lagging()` is true while each of the last SUSTAINED probes ran later
 * than the threshold: an instance that stays behind sheds, while one stall (a garbage collection, a
 * moment without CPU on a shared machine) does not turn requests away.
 */
const PROBE_MS = 100;
const SUSTAINED = 3;

/** @param {number} thresholdMs */
export function lagProbe(thresholdMs) {
  const recent = Array(SUSTAINED).fill(0);
  let at = 0;
  let expected = performance.now() + PROBE_MS;
  setInterval(() => {
    const now = performance.now();
    recent[at] = Math.max(0, now - expected);
    at = (at + 1) % SUSTAINED;
    expected = now + PROBE_MS;
  }, PROBE_MS).unref();
  return {
    lagging: () => recent.every((lag) => lag > thresholdMs),
  };
}
