/**
 * The line that says the server is ready, printed only once it is. Next opens the database
 * (instrumentation.ts) on the first request: the health check makes that request now, so "ready" is
 * true when printed, and a database that cannot be opened ends the process before anyone calls
 * (docs/cluster.md#start). The scripts that start the shop wait for this line or for the health check.
 */

/** Calls the server's own health check and prints `ready on …`, or why the check failed. */
export async function reportReady({ port, hostname, dev }) {
  const self = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  const health = await fetch(`http://${self.includes(':') ? `[${self}]` : self}:${port}/api/v1/health`).catch((err) => err);
  const ok = health instanceof Response && health.ok;
  console.log(ok ? `量盾商城 ready on http://${hostname ?? 'localhost'}:${port}${dev ? ' (dev)' : ''}` : `量盾商城: the health check failed (${health instanceof Response ? health.status : health.message})`);
}
